package io.examlops.fleet.placement;

import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import java.util.List;

/**
 * A placement and its explanation (docs/cli.md, {@code hpc place}).
 *
 * @param chosen the cluster chosen; {@code null} when none can take the job
 * @param partition the partition chosen in it
 * @param candidates every cluster's verdict, the chosen one first
 */
public record PlaceResult(
    String chosen,
    String partition,
    String explanation,
    PlacementRequest request,
    List<Verdict> candidates) {

  public static PlaceResult of(PlacementResult result) {
    return new PlaceResult(
        result.chosen().map(Verdict::cluster).orElse(null),
        result.chosen().map(Verdict::partition).orElse(null),
        result.explanation(),
        result.request(),
        result.verdicts());
  }

  /** The verdicts of the clusters not chosen. */
  public List<Verdict> others() {
    return candidates.stream().filter(v -> v.outcome() != Verdict.Outcome.CHOSEN).toList();
  }
}
