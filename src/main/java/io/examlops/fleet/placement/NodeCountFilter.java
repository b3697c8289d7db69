package io.examlops.fleet.placement;

import java.util.Optional;

/** A CPU-only job needs as many nodes that take work as it asks for (1 by default). */
final class NodeCountFilter implements PlacementFilter {
  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    if (!request.cpuOnly()) {
      return Optional.empty();
    }
    int asked = request.nodes() == null ? 1 : request.nodes();
    int there = holdings.nodesTakingWork(partition);
    String figures =
        holdings.declared()
            ? Score.nodesWord(there) + " in total (declared)"
            : Score.nodesWord(there) + " take work" + PlacementFilter.in(partition);
    return Optional.of(
        there < asked
            ? Reason.fail(
                Rule.NODES,
                partition,
                asked,
                there,
                "only " + figures + (holdings.declared() ? "" : " (" + asked + " asked)"))
            : Reason.pass(Rule.NODES, partition, asked, there, figures + " (" + asked + " asked)"));
  }
}
