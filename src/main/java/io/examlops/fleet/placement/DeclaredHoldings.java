package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A cluster as its declared capabilities describe it: totals per cluster, not per type or
 * partition, so every count is an upper bound and checked as such; idle is unknown.
 */
record DeclaredHoldings(ClusterCaps caps) implements Holdings {

  @Override
  public boolean declared() {
    return true;
  }

  @Override
  public List<String> partitions() {
    return caps.partitions().stream().map(PartitionInfo::name).toList();
  }

  @Override
  public List<String> gpuTypes() {
    return caps.gpuTypes();
  }

  @Override
  public boolean hasGpuType(String gpuType) {
    return gpuType == null
        ? caps.gpus() > 0
        : caps.gpuTypes().stream().anyMatch(gpuType::equalsIgnoreCase);
  }

  /** Declared totals are the cluster's: one scope, the asked partition or the default one. */
  @Override
  public List<String> scopes(PlaceRequest request) {
    return Arrays.asList(request.partition());
  }

  @Override
  public int gpus(PlaceRequest request, String partition) {
    return caps.gpus();
  }

  @Override
  public Optional<Integer> largestSlot(PlaceRequest request, String partition) {
    return Optional.empty();
  }

  @Override
  public int nodesTakingWork(String partition) {
    return caps.nodes();
  }

  @Override
  public Score score(Evidence evidence, PlaceRequest request, String partition) {
    return Score.declared(caps.gpus(), caps.nodes());
  }
}
