package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.TimeLimit;
import java.time.Duration;

/**
 * Fail-fast checks of a cluster before submitting.
 *
 * @param gpus GPUs the job needs; 0 for a CPU-only job
 * @param nodes nodes the job spreads over; {@code null}: any
 * @param partition {@code null}: where a submission would go
 * @param account Slurm account or Flux bank; {@code null}: the user's default
 * @param time wall time the job asks for, in Slurm's forms or with a unit ({@code 2h}); {@code
 *     null}: none
 */
public record PreflightRequest(
    String cluster, int gpus, Integer nodes, String partition, String account, String time) {
  public PreflightRequest {
    ClusterName.require(cluster, "cluster");
    GpuAsk.of(gpus, nodes);
    TimeLimit.parseOrNull(time);
  }

  /**
   * The wall-clock limit {@code time} gives ({@link TimeLimit}); {@code null}: the scheduler's
   * default.
   */
  public Duration timeLimit() {
    return TimeLimit.parseOrNull(time);
  }
}
