package io.examlops.fleet.placement;

import java.util.Objects;

/**
 * The facts placement ranks a cluster by. Figures that cannot be known are {@code null}, never 0.
 *
 * @param evidence what the figures rest on
 * @param fitsNow whether the ask fits on idle GPUs of at most the asked nodes now; {@code null}:
 *     unknown (declared capabilities only, or nodes whose use is unknown)
 * @param nodesNeeded fewest nodes whose known idle GPUs hold the ask; {@code null} when none do
 * @param idleGpus GPUs known to be idle (of the type, in the partition); {@code null}: unknown
 * @param unknownIdleNodes nodes whose idle count is unknown (they add nothing to {@code idleGpus})
 * @param totalGpus GPUs of the type in the partition, on nodes in any state
 * @param nodes nodes holding them
 * @param idleNodes of those, nodes in state idle; {@code null}: unknown
 */
public record Score(
    Evidence evidence,
    Boolean fitsNow,
    Integer nodesNeeded,
    Integer idleGpus,
    int unknownIdleNodes,
    int totalGpus,
    int nodes,
    Integer idleNodes) {

  public Score {
    Objects.requireNonNull(evidence, "evidence");
  }

  public static Score declared(int totalGpus, int nodes) {
    return new Score(Evidence.DECLARED, null, null, null, 0, totalGpus, nodes, null);
  }

  /** {@code 6/8 idle GPUs, 2/2 idle nodes}, or the totals alone when idle is unknown. */
  public String describe(PlaceRequest request) {
    if (request.cpuOnly()) {
      return idleNodes == null
          ? "CPU-only, " + nodesWord(nodes) + " declared, idle unknown"
          : "CPU-only, "
              + idleNodes
              + "/"
              + nodes
              + " idle nodes"
              + (Boolean.TRUE.equals(fitsNow) ? "" : "; too few idle now, the job waits");
    }
    String gpus = request.gpuType() == null ? "GPUs" : request.gpuType() + " GPUs";
    if (idleGpus == null) {
      return totalGpus + " " + gpus + " on " + nodesWord(nodes) + " declared, idle unknown";
    }
    String idle =
        idleGpus
            + (unknownIdleNodes > 0 ? "+" : "")
            + "/"
            + totalGpus
            + " idle "
            + gpus
            + (unknownIdleNodes > 0 ? " (" + nodesWord(unknownIdleNodes) + " unknown)" : "")
            + ", "
            + idleNodes
            + "/"
            + nodes
            + " idle nodes";
    if (Boolean.TRUE.equals(fitsNow)) {
      return idle + ", fits on " + nodesWord(nodesNeeded);
    }
    if (fitsNow == null) {
      return idle + "; whether " + request.gpusWords(request.gpus()) + " are free now is unknown";
    }
    return idle + "; no idle slot for " + request.gpusWords(request.gpus()) + " now, the job waits";
  }

  public static String nodesWord(int count) {
    return count + (count == 1 ? " node" : " nodes");
  }
}
