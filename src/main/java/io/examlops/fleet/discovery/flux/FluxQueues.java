package io.examlops.fleet.discovery.flux;

import io.examlops.fleet.model.PartitionInfo;
import java.util.Collection;
import java.util.List;

/**
 * The queues an instance is configured with, and the one jobs get when they name none.
 *
 * @param queues in config order; empty when the instance has no queues (one anonymous queue)
 * @param defaultQueue {@code policy.jobspec.defaults.system.queue}, or {@code null}
 */
public record FluxQueues(List<FluxQueue> queues, String defaultQueue) {
  public static final FluxQueues NONE = new FluxQueues(List.of(), null);

  public FluxQueues {
    queues = List.copyOf(queues);
  }

  /** The queues as partitions, the default one marked. */
  public List<PartitionInfo> partitions() {
    return queues.stream()
        .map(q -> new PartitionInfo(q.name(), q.name().equals(defaultQueue), q.maxTimeMinutes()))
        .toList();
  }

  /** Names of the queues a node with these properties serves, in config order. */
  public List<String> servedBy(Collection<String> nodeProperties) {
    return queues.stream().filter(q -> q.servedBy(nodeProperties)).map(FluxQueue::name).toList();
  }
}
