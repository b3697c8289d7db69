package io.examlops.fleet.scheduler.flux;

import java.util.List;
import java.util.Optional;

/**
 * The policy of every queue of an instance, from {@code flux config get}.
 *
 * @param queues one per configured queue, in config order; empty for an instance without queues
 * @param instance the instance-wide policy (what a job gets where there are no queues)
 * @param defaultQueue {@code policy.jobspec.defaults.system.queue}, or {@code null}
 */
public record FluxPolicies(
    List<FluxQueuePolicy> queues, FluxQueuePolicy instance, String defaultQueue) {
  public FluxPolicies {
    queues = List.copyOf(queues);
  }

  /**
   * The policy a job asking for {@code queue} gets: that queue's, the default queue's when it asks
   * for none, the instance's when there are no queues; empty when the queue does not exist (or no
   * queue is asked for and none is the default).
   */
  public Optional<FluxQueuePolicy> forQueue(String queue) {
    if (queues.isEmpty()) {
      return queue == null ? Optional.of(instance) : Optional.empty();
    }
    String name = queue != null ? queue : defaultQueue;
    return queues.stream().filter(q -> q.queue().equals(name)).findFirst();
  }
}
