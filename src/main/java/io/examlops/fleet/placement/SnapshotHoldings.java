package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A cluster as its node snapshot shows it.
 *
 * @param summary the snapshot, summed
 * @param caps the declared capabilities, for the queues' state and limits; {@code null} when none
 * @param claims the cluster's tracked jobs not yet ended, which the snapshot may not show
 */
record SnapshotHoldings(SnapshotSummary summary, ClusterCaps caps, Claims claims)
    implements Holdings {

  @Override
  public boolean declared() {
    return false;
  }

  @Override
  public List<String> partitions() {
    return summary.partitions();
  }

  @Override
  public List<String> gpuTypes() {
    return summary.gpuTypes();
  }

  @Override
  public boolean hasGpuType(String gpuType) {
    return summary.hasGpus(gpuType);
  }

  /**
   * The asked partition; else, for a GPU job, each partition with GPUs of the type; else (a CPU
   * job, or no partitions, e.g. Flux without queues) the whole cluster.
   */
  @Override
  public List<String> scopes(PlaceRequest request) {
    if (request.partition() != null) {
      return Arrays.asList(request.partition());
    }
    if (request.cpuOnly()) {
      // A job without GPUs and without -p goes to the default partition: count its nodes, not the
      // whole cluster's (GPU nodes in other partitions included).
      return Arrays.asList(queue(null).map(PartitionInfo::name).orElse(null));
    }
    List<String> partitions = summary.partitionsWithGpus(request.gpuType());
    return partitions.isEmpty() ? Arrays.asList((String) null) : partitions;
  }

  @Override
  public int gpus(PlaceRequest request, String partition) {
    return summary.gpus(partition, request.gpuType()).totalGpus();
  }

  @Override
  public Optional<Integer> largestSlot(PlaceRequest request, String partition) {
    return Optional.of(summary.gpus(partition, request.gpuType()).largestSlot(request.nodeLimit()));
  }

  @Override
  public int nodesTakingWork(String partition) {
    return summary.nodes(partition).takingWork();
  }

  /** What tracked jobs the snapshot does not show claim of {@code partition}. */
  Claims.Claimed claimed(String partition) {
    return claims.unseenBy(summary.takenAt(), partition);
  }

  /** A CPU-only job is weighed by nodes: those that take work, and those idle now. */
  @Override
  public Score score(Evidence evidence, PlaceRequest request, String partition) {
    if (!request.cpuOnly()) {
      return summary
          .gpus(partition, request.gpuType())
          .less(claimed(partition).gpus())
          .score(evidence, request);
    }
    SnapshotSummary.NodeCount nodes = summary.nodes(partition);
    int asked = request.nodes() == null ? 1 : request.nodes();
    boolean fits = nodes.idle() >= asked;
    return new Score(
        evidence, fits, fits ? asked : null, 0, 0, 0, nodes.takingWork(), nodes.idle());
  }
}
