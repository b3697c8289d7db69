package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.ProbeException;

/**
 * A job's resource set R (RFC 20, {@code flux job info ID R}): the only place Flux says how many
 * GPUs a job holds, since {@code flux jobs} has no GPU field. Read by {@link FluxRParser}, the one
 * reader of R.
 */
public final class FluxR {
  private FluxR() {}

  /** {@code flux job info <id> R}, the id in ASCII F58 so no locale can mangle it. */
  public static String command(long jobId) {
    return "flux job info " + FluxJobId.toF58Plain(jobId) + " R";
  }

  /**
   * GPUs in R, over all its ranks. An R without ranks is not a running job's.
   *
   * @throws ProbeException when the text is not an R (RFC 20) with ranks in {@code R_lite}
   */
  public static int gpus(String command, String json) {
    FluxResourceSet set = FluxRParser.parse(command, json);
    if (set.isEmpty()) {
      throw new ProbeException(
          "cannot read `"
              + command
              + "`: no ranks in execution.R_lite; is this a job's R (RFC 20)?");
    }
    long total = set.ranks().stream().mapToLong(FluxRank::gpus).sum();
    if (total > Integer.MAX_VALUE) {
      throw new ProbeException(
          "cannot read `" + command + "`: " + total + " GPUs is not plausible");
    }
    return (int) total;
  }
}
