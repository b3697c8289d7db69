package io.examlops.fleet.placement;

import java.util.Optional;

/**
 * Enough GPUs of the type in the partition, counting nodes in any state: whether the cluster could
 * ever hold the ask, busy or not.
 */
final class GpuCountFilter implements PlacementFilter {
  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    if (request.cpuOnly()) {
      return Optional.empty();
    }
    int there = holdings.gpus(request, partition);
    String suffix = PlacementFilter.declared(holdings);
    // Declared totals are the cluster's, of every type: they are quoted as such.
    String count =
        holdings.declared() ? there + (there == 1 ? " GPU" : " GPUs") : request.gpusWords(there);
    String where =
        partition == null || holdings.declared() ? " in total" : PlacementFilter.in(partition);
    if (there == 0) {
      String what = request.gpuType() == null ? "GPUs" : request.gpuType();
      return Optional.of(
          Reason.fail(
              Rule.GPUS,
              partition,
              request.gpus(),
              there,
              "no " + what + (holdings.declared() ? "" : PlacementFilter.in(partition)) + suffix));
    }
    if (there < request.gpus()) {
      return Optional.of(
          Reason.fail(
              Rule.GPUS, partition, request.gpus(), there, "only " + count + where + suffix));
    }
    return Optional.of(
        Reason.pass(
            Rule.GPUS,
            partition,
            request.gpus(),
            there,
            count + where + " (" + request.gpus() + " asked)" + suffix));
  }
}
