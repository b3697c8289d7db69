package io.examlops.fleet.placement;

import java.util.Optional;

/**
 * One placement rule, checked on what a cluster holds, the same way whether that comes from a node
 * snapshot or from declared capabilities. Placement runs every filter and keeps every answer.
 */
interface PlacementFilter {
  /**
   * The rule's answer for {@code partition} ({@code null}: the whole cluster, or the default
   * partition); empty when the rule does not apply to this ask (no type asked, no queue limits
   * known, ...).
   */
  Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition);

  /** {@code in partition gpu}, or nothing for the whole cluster. */
  static String in(String partition) {
    return partition == null ? "" : " in partition " + partition;
  }

  /** Declared figures are marked as such wherever they are quoted. */
  static String declared(Holdings holdings) {
    return holdings.declared() ? " (declared)" : "";
  }
}
