package io.examlops.fleet.scheduler.slurm;

import java.time.Duration;
import java.time.Instant;

/**
 * One job's exit-status record ({@link ExitRecords}).
 *
 * @param started when the job script started; {@code null} when the line is missing
 * @param exitStatus the script's exit status; {@code null} when it left no exit line
 * @param ended when it exited; {@code null} likewise
 * @param signal the signal the script was sent before it exited (Slurm's SIGTERM at a time limit, a
 *     cancel or a preemption); {@code null} when none was recorded
 * @param limit the job's end time as Slurm gave it at start ({@code SLURM_JOB_END_TIME}, 23.02 and
 *     later); {@code null} when Slurm did not say
 */
public record ExitRecord(
    Instant started, Integer exitStatus, Instant ended, Integer signal, Instant limit) {

  public boolean exited() {
    return exitStatus != null;
  }

  /** Run time; {@code null} unless both times are known. */
  public Duration elapsed() {
    return started == null || ended == null ? null : Duration.between(started, ended);
  }

  /**
   * Whether the signal came at or after the time limit Slurm gave the job: Slurm kills a job at its
   * limit (checked every few seconds, so never before it). {@code false} when the limit or the end
   * is unknown.
   */
  public boolean killedAtLimit() {
    return signal != null && limit != null && ended != null && !ended.isBefore(limit);
  }
}
