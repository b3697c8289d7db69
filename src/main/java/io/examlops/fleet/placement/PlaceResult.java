package io.examlops.fleet.placement;

import java.util.List;
import java.util.Optional;

/**
 * A placement and its explanation (docs/cli.md, {@code hpc place}).
 *
 * @param chosen the cluster chosen; {@code null} when none can take the job
 * @param partition the partition chosen in it
 * @param explanation one line: {@code chose flux@lxp — 6/8 idle GPUs, 2/2 idle nodes}, or why none
 * @param request what was asked
 * @param candidates every cluster, the chosen one first, then the others in rank order, then those
 *     that cannot hold the ask and those skipped, each group by name
 */
public record PlaceResult(
    String chosen,
    String partition,
    String explanation,
    PlaceRequest request,
    List<Verdict> candidates) {

  public PlaceResult {
    candidates = List.copyOf(candidates);
  }

  /** The placement of {@code request}: the winner among {@code verdicts}, if any. */
  static PlaceResult of(PlaceRequest request, String explanation, List<Verdict> verdicts) {
    Optional<Verdict> winner =
        verdicts.stream().filter(v -> v.outcome() == Verdict.Outcome.CHOSEN).findFirst();
    return new PlaceResult(
        winner.map(Verdict::cluster).orElse(null),
        winner.map(Verdict::partition).orElse(null),
        explanation,
        request,
        verdicts);
  }

  /** The chosen cluster's verdict; empty when none can take the job. */
  public Optional<Verdict> winner() {
    return candidates.stream().filter(v -> v.outcome() == Verdict.Outcome.CHOSEN).findFirst();
  }

  /** The verdicts of the clusters not chosen. */
  public List<Verdict> others() {
    return candidates.stream().filter(v -> v.outcome() != Verdict.Outcome.CHOSEN).toList();
  }
}
