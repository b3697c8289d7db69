package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuAsk;
import java.time.Duration;

/**
 * What a job will ask for, for the checks of a preflight.
 *
 * @param gpus GPUs in total; 0 for a CPU-only job
 * @param nodes at most this many nodes hold them; {@code null}: any number
 * @param partition Slurm partition or Flux queue; {@code null}: where submit would send the job
 *     (placement's choice inside the cluster for a GPU job, the default one for a CPU-only job)
 * @param account Slurm account or Flux bank; {@code null}: the user's default
 * @param time wall time the job asks for; {@code null}: not given
 */
public record PreflightAsk(
    int gpus, Integer nodes, String partition, String account, Duration time) {

  public PreflightAsk {
    GpuAsk.of(gpus, nodes);
    if (time != null && (time.isNegative() || time.isZero())) {
      throw FleetException.invalid("the time limit must be longer than zero, got " + time, "time");
    }
    partition = blankToNull(partition);
    account = blankToNull(account);
  }

  public static PreflightAsk gpus(int gpus) {
    return new PreflightAsk(gpus, null, null, null, null);
  }

  public int nodeLimit() {
    return nodes == null ? Integer.MAX_VALUE : nodes;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
