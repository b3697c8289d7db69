package io.examlops.fleet.placement;

import java.util.Optional;

/** With {@code --nodes M}: some M nodes of the partition hold the GPUs together, busy or not. */
final class GpusOnNodesFilter implements PlacementFilter {
  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    Integer nodes = request.nodes();
    if (request.cpuOnly() || nodes == null) {
      return Optional.empty();
    }
    String which = nodes == 1 ? "node has " : nodes + " nodes have ";
    String some = nodes == 1 ? "a " + which : which;
    String ask =
        request.gpusWords(request.gpus())
            + (nodes == 1 ? "" : " together")
            + PlacementFilter.in(partition);
    Optional<Integer> slot = holdings.largestSlot(request, partition);
    if (slot.isEmpty()) {
      return Optional.of(
          Reason.unknown(
              Rule.GPUS_ON_NODES,
              partition,
              request.gpus(),
              "whether " + some + ask + " is unknown" + PlacementFilter.declared(holdings)));
    }
    int most = slot.get();
    String figures = " (most: " + most + ")";
    return Optional.of(
        most < request.gpus()
            ? Reason.fail(
                Rule.GPUS_ON_NODES, partition, request.gpus(), most, "no " + which + ask + figures)
            : Reason.pass(
                Rule.GPUS_ON_NODES, partition, request.gpus(), most, some + ask + figures));
  }
}
