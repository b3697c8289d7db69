package io.examlops.fleet.placement;

import java.util.Optional;

/** The cluster has GPUs of the asked type, anywhere. */
final class GpuTypeFilter implements PlacementFilter {
  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    String asked = request.gpuType();
    if (asked == null || request.cpuOnly()) {
      return Optional.empty();
    }
    String there = String.join(", ", holdings.gpuTypes());
    return Optional.of(
        holdings.hasGpuType(asked)
            ? Reason.pass(Rule.GPU_TYPE, null, asked, there, asked + " GPUs")
            : Reason.fail(
                Rule.GPU_TYPE,
                null,
                asked,
                there,
                "no " + asked + PlacementFilter.declared(holdings)));
  }
}
