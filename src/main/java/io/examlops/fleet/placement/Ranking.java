package io.examlops.fleet.placement;

import java.util.Comparator;
import java.util.List;

/**
 * The scorers that rank what passed every filter, best first, each a key with the words for a
 * cluster that lost on it. In order:
 *
 * <ol>
 *   <li>evidence: fresh snapshot, then stale snapshot, then declared capabilities;
 *   <li>fits now: yes, then unknown, then no (the job would wait);
 *   <li>fewest nodes the ask fits on (fragmentation: one node beats two);
 *   <li>most idle GPUs known to be free;
 *   <li>most GPUs in total;
 *   <li>most idle nodes (what decides between clusters for a CPU-only job);
 *   <li>the cluster name, alphabetically, so that equal clusters always give the same answer.
 * </ol>
 */
final class Ranking {
  /** Why {@code loser} ranks below {@code winner} on one key. */
  private interface LossWords {
    String why(Score loser, Score winner, Verdict lost, PlaceRequest request);
  }

  /** One ranking key: an order on scores, best first, and its words for the lower one. */
  private record Scorer(Comparator<Score> order, LossWords words) {}

  /** Fits now first, then unknown, then waits. */
  static final Comparator<Score> FITS_NOW = Comparator.comparingInt(s -> fitRank(s.fitsNow()));

  private static final List<Scorer> SCORERS =
      List.of(
          new Scorer(Comparator.comparing(Score::evidence), (l, w, lost, r) -> lost.data()),
          new Scorer(Ranking.FITS_NOW, Ranking::whyNotNow),
          new Scorer(
              Comparator.comparing(
                  Score::nodesNeeded, Comparator.nullsLast(Comparator.naturalOrder())),
              (l, w, lost, r) ->
                  "needs "
                      + Score.nodesWord(l.nodesNeeded())
                      + " (chosen: "
                      + w.nodesNeeded()
                      + ")"),
          new Scorer(
              Comparator.comparing(
                  Score::idleGpus, Comparator.nullsLast(Comparator.<Integer>reverseOrder())),
              (l, w, lost, r) -> "fewer idle GPUs (" + l.idleGpus() + " < " + w.idleGpus() + ")"),
          new Scorer(
              Comparator.comparing(Score::totalGpus, Comparator.reverseOrder()),
              (l, w, lost, r) ->
                  "fewer GPUs in total (" + l.totalGpus() + " < " + w.totalGpus() + ")"),
          new Scorer(
              Comparator.comparing(
                  Score::idleNodes, Comparator.nullsLast(Comparator.<Integer>reverseOrder())),
              (l, w, lost, r) ->
                  "fewer idle nodes (" + l.idleNodes() + " < " + w.idleNodes() + ")"));

  static final Comparator<Score> SCORES =
      SCORERS.stream()
          .map(Scorer::order)
          .reduce((first, next) -> first.thenComparing(next))
          .orElseThrow();

  static final Comparator<Verdict> VERDICTS =
      Comparator.comparing(Verdict::score, SCORES).thenComparing(Verdict::cluster);

  private Ranking() {}

  /** The first key on which {@code loser} ranks below {@code winner}, in words. */
  static String whyLost(Verdict loser, Verdict winner, PlaceRequest request) {
    for (Scorer scorer : SCORERS) {
      if (scorer.order().compare(loser.score(), winner.score()) != 0) {
        return scorer.words().why(loser.score(), winner.score(), loser, request);
      }
    }
    return "tie with " + winner.label() + "; ties go to the name first in alphabetical order";
  }

  private static String whyNotNow(Score loser, Score winner, Verdict lost, PlaceRequest r) {
    return loser.fitsNow() == null
        ? "unknown whether "
            + r.askWords()
            + " are free ("
            + Score.nodesWord(loser.unknownIdleNodes())
            + " unknown)"
        : "no idle slot for " + r.askWords() + " now";
  }

  private static int fitRank(Boolean fits) {
    if (fits == null) {
      return 1;
    }
    return fits ? 0 : 2;
  }
}
