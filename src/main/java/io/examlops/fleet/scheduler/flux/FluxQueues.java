package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The queues an instance is configured with, and the one jobs get when they name none.
 *
 * @param queues in config order; empty when the instance has no queues (one anonymous queue)
 * @param defaultQueue {@code policy.jobspec.defaults.system.queue}, or {@code null}
 * @param policies each queue's duration and job-size policy; {@code null} when not read
 * @param states each queue's enabled/started state; empty when not read
 */
public record FluxQueues(
    List<FluxQueue> queues,
    String defaultQueue,
    FluxPolicies policies,
    List<FluxQueueState> states) {
  public static final FluxQueues NONE = new FluxQueues(List.of(), null);

  public FluxQueues(List<FluxQueue> queues, String defaultQueue) {
    this(queues, defaultQueue, null, List.of());
  }

  public FluxQueues {
    queues = List.copyOf(queues);
    states = List.copyOf(states);
  }

  /** The queues as partitions, the default one marked, with their limits and state. */
  public List<PartitionInfo> partitions() {
    return queues.stream()
        .map(
            q ->
                new PartitionInfo(
                    q.name(), q.name().equals(defaultQueue), q.maxTimeMinutes(), limits(q.name())))
        .toList();
  }

  public FluxQueues withPolicies(FluxPolicies read) {
    return new FluxQueues(queues, defaultQueue, read, states);
  }

  public FluxQueues withStates(List<FluxQueueState> read) {
    return new FluxQueues(queues, defaultQueue, policies, read);
  }

  /** A queue's job-size limits and state; {@code null} when neither was read. */
  private QueueLimits limits(String name) {
    FluxQueuePolicy policy = policies == null ? null : policies.forQueue(name).orElse(null);
    FluxQueueState state =
        states.stream().filter(s -> Objects.equals(s.queue(), name)).findFirst().orElse(null);
    if (policy == null && state == null) {
      return null;
    }
    return new QueueLimits(
        policy == null ? null : policy.max().ngpus(),
        policy == null ? null : policy.max().nnodes(),
        state == null || state.enabled(),
        state == null || state.started(),
        state == null
            ? null
            : state.disabledBecause() != null ? state.disabledBecause() : state.stoppedBecause());
  }

  /** Names of the queues a node with these properties serves, in config order. */
  public List<String> servedBy(Collection<String> nodeProperties) {
    return queues.stream().filter(q -> q.servedBy(nodeProperties)).map(FluxQueue::name).toList();
  }
}
