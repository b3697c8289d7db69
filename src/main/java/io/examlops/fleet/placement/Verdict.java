package io.examlops.fleet.placement;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What placement decided about one cluster.
 *
 * @param cluster the registered name
 * @param label {@code scheduler@name}
 * @param outcome chosen, lost, cannot hold the ask, or not considered
 * @param reason why it lost or was skipped, in words; the explanation for the chosen one
 * @param partition the partition or queue the figures are for (submit there); {@code null} for the
 *     whole cluster
 * @param score the figures it was ranked by; {@code null} when it was not ranked
 * @param data what the figures rest on, e.g. {@code snapshot 3 days old}
 * @param dataAge the snapshot's age; {@code null} when no snapshot was used
 * @param reasons every filter's answer, for the whole cluster and for each partition weighed,
 *     passed or not, in the order they were checked; {@code reason} is built from them
 */
public record Verdict(
    String cluster,
    String label,
    Outcome outcome,
    String reason,
    String partition,
    Score score,
    String data,
    Duration dataAge,
    List<Reason> reasons) {

  /** What happened to a cluster. */
  public enum Outcome {
    CHOSEN,
    /** Could run the job, ranked lower. */
    LOST,
    /** Has too little in total (or not the GPU type, or not the partition). */
    CANNOT_FIT,
    /** Not considered: not ACTIVE, approval no longer holds, or nothing known about it. */
    SKIPPED
  }

  public Verdict {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(reason, "reason");
    reasons = List.copyOf(reasons);
  }

  public Verdict as(Outcome newOutcome, String newReason) {
    return new Verdict(
        cluster, label, newOutcome, newReason, partition, score, data, dataAge, reasons);
  }
}
