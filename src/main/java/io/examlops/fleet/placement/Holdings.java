package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import java.util.List;
import java.util.Optional;

/**
 * What a cluster holds, as the filters and the ranking read it: from a node snapshot (per
 * partition, node by node) or from the declared capabilities (cluster totals only). The filters are
 * written once, against this.
 */
sealed interface Holdings permits SnapshotHoldings, DeclaredHoldings {

  /** Whether these are declared capabilities: cluster totals, no per-node or idle figures. */
  boolean declared();

  /** Partitions or queues known, by name. */
  List<String> partitions();

  /** GPU types known. */
  List<String> gpuTypes();

  /** Whether the cluster has GPUs of {@code gpuType}; {@code null}: any GPUs. */
  boolean hasGpuType(String gpuType);

  /**
   * The partitions to weigh for {@code request}, each checked by the partition filters; {@code
   * null} in the list stands for the whole cluster (or the scheduler's default partition).
   */
  List<String> scopes(PlaceRequest request);

  /**
   * GPUs of the asked type in {@code partition}, on nodes in any state; declared: cluster total.
   */
  int gpus(PlaceRequest request, String partition);

  /**
   * The most GPUs of the asked type that {@code --nodes} nodes of {@code partition} hold together;
   * empty when unknown (declared capabilities).
   */
  Optional<Integer> largestSlot(PlaceRequest request, String partition);

  /** Nodes that take work in {@code partition}; declared: nodes in total. */
  int nodesTakingWork(String partition);

  /** The figures the ranking weighs a partition that passed every filter by. */
  Score score(Evidence evidence, PlaceRequest request, String partition);

  /** The capabilities the last probe recorded, where queue state and limits come from. */
  ClusterCaps caps();

  /** The queue a job sent to {@code partition} lands in ({@code null}: the default one). */
  default Optional<PartitionInfo> queue(String partition) {
    if (caps() == null) {
      return Optional.empty();
    }
    return caps().partitions().stream()
        .filter(p -> partition == null ? p.isDefault() : p.name().equals(partition))
        .findFirst();
  }
}
