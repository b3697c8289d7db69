package io.examlops.fleet.scheduling.placement;

import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.Score;
import io.examlops.fleet.model.placement.Verdict;
import java.util.Comparator;

/**
 * The order clusters are ranked in, best first. Keys, in order:
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
  static final Comparator<Score> SCORES =
      Comparator.comparing(Score::evidence)
          .thenComparingInt(s -> fitRank(s.fitsNow()))
          .thenComparing(Score::nodesNeeded, Comparator.nullsLast(Comparator.naturalOrder()))
          .thenComparing(Score::idleGpus, Comparator.nullsLast(Comparator.<Integer>reverseOrder()))
          .thenComparing(Score::totalGpus, Comparator.reverseOrder())
          .thenComparing(Score::idleNodes, Comparator.nullsLast(Comparator.<Integer>reverseOrder()));

  static final Comparator<Verdict> VERDICTS =
      Comparator.comparing(Verdict::score, SCORES).thenComparing(Verdict::cluster);

  private Ranking() {}

  /** The first key on which {@code loser} ranks below {@code winner}, in words. */
  static String whyLost(Verdict loser, Verdict winner, PlacementRequest request) {
    Score l = loser.score();
    Score w = winner.score();
    if (l.evidence() != w.evidence()) {
      return loser.data();
    }
    if (fitRank(l.fitsNow()) != fitRank(w.fitsNow())) {
      String ask = request.askWords();
      return l.fitsNow() == null
          ? "unknown whether "
              + ask
              + " are free ("
              + Score.nodesWord(l.unknownIdleNodes())
              + " unknown)"
          : "no idle slot for " + ask + " now";
    }
    if (!java.util.Objects.equals(l.nodesNeeded(), w.nodesNeeded())) {
      return "needs " + Score.nodesWord(l.nodesNeeded()) + " (chosen: " + w.nodesNeeded() + ")";
    }
    if (!java.util.Objects.equals(l.idleGpus(), w.idleGpus())) {
      return "fewer idle GPUs (" + l.idleGpus() + " < " + w.idleGpus() + ")";
    }
    if (l.totalGpus() != w.totalGpus()) {
      return "fewer GPUs in total (" + l.totalGpus() + " < " + w.totalGpus() + ")";
    }
    if (!java.util.Objects.equals(l.idleNodes(), w.idleNodes())) {
      return "fewer idle nodes (" + l.idleNodes() + " < " + w.idleNodes() + ")";
    }
    return "tie with " + winner.label() + "; ties go to the name first in alphabetical order";
  }

  private static int fitRank(Boolean fits) {
    if (fits == null) {
      return 1;
    }
    return fits ? 0 : 2;
  }
}
