package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.TimeLimit;
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
    TimeLimit.require(time);
    partition = blankToNull(partition);
    account = blankToNull(account);
  }

  public static PreflightAsk gpus(int gpus) {
    return new PreflightAsk(gpus, null, null, null, null);
  }

  /** How many nodes may hold the GPUs ({@link GpuAsk#nodeLimit}). */
  public int nodeLimit() {
    return GpuAsk.of(gpus, nodes).nodeLimit();
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.trim();
  }
}
