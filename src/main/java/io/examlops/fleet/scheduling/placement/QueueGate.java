package io.examlops.fleet.scheduling.placement;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.model.placement.PlacementRequest;
import java.util.Optional;

/**
 * Whether a queue would take and start the job, from the limits and state the last probe read (Flux
 * queues: job-size limits, enabled, started). A queue Flux would refuse, or whose jobs would wait
 * because it is stopped, is no place for the job, whatever its idle GPUs.
 */
final class QueueGate {
  private QueueGate() {}

  /**
   * Why the job cannot go to {@code partition} (the default queue when {@code null}); empty when
   * it can, or when nothing is known of the queue.
   */
  static Optional<String> refusal(ClusterCaps caps, PlacementRequest request, String partition) {
    if (caps == null) {
      return Optional.empty();
    }
    Optional<PartitionInfo> queue =
        caps.partitions().stream()
            .filter(p -> partition == null ? p.isDefault() : p.name().equals(partition))
            .findFirst();
    if (queue.isEmpty() || queue.get().limits() == null) {
      return Optional.empty();
    }
    String name = "queue " + queue.get().name();
    QueueLimits limits = queue.get().limits();
    String note = limits.note() == null ? "" : " (" + limits.note() + ")";
    if (!limits.takesJobs()) {
      return Optional.of(name + " is disabled" + note + ": Flux refuses jobs submitted to it");
    }
    if (!limits.startsJobs()) {
      return Optional.of(name + " is stopped" + note + ": its jobs would wait");
    }
    if (limits.maxGpusPerJob() != null && request.gpus() > limits.maxGpusPerJob()) {
      return Optional.of(
          name + " takes at most " + request.gpusWords(limits.maxGpusPerJob()) + " per job");
    }
    int nodes = request.nodes() == null ? 1 : request.nodes();
    if (limits.maxNodesPerJob() != null && nodes > limits.maxNodesPerJob()) {
      return Optional.of(name + " takes at most " + limits.maxNodesPerJob() + " node(s) per job");
    }
    return Optional.empty();
  }
}
