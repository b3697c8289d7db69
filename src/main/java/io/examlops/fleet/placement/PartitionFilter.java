package io.examlops.fleet.placement;

import java.util.Optional;

/** The asked partition or queue exists. */
final class PartitionFilter implements PlacementFilter {
  @Override
  public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
    String asked = request.partition();
    if (asked == null) {
      return Optional.empty();
    }
    String there = String.join(", ", holdings.partitions());
    return Optional.of(
        holdings.partitions().contains(asked)
            ? Reason.pass(Rule.PARTITION, null, asked, there, "partition " + asked)
            : Reason.fail(
                Rule.PARTITION,
                null,
                asked,
                there,
                "no partition " + asked + PlacementFilter.declared(holdings)));
  }
}
