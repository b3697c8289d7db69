package io.examlops.fleet.model.placement;

import java.util.List;
import java.util.Optional;

/**
 * Placement's answer.
 *
 * @param request what was asked
 * @param explanation one line: {@code chose flux@lxp — 6/8 idle GPUs, 2/2 idle nodes}, or why none
 * @param verdicts every cluster, the chosen one first, then the others in rank order, then those
 *     that cannot hold the ask and those skipped, each group by name
 */
public record PlacementResult(
    PlacementRequest request, String explanation, List<Verdict> verdicts) {

  public PlacementResult {
    verdicts = List.copyOf(verdicts);
  }

  public Optional<Verdict> chosen() {
    return verdicts.stream().filter(v -> v.outcome() == Verdict.Outcome.CHOSEN).findFirst();
  }

  /** Every cluster but the chosen one, with why it lost or was skipped. */
  public List<Verdict> others() {
    return verdicts.stream().filter(v -> v.outcome() != Verdict.Outcome.CHOSEN).toList();
  }
}
