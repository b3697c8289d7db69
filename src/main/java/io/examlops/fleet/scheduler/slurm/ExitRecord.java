package io.examlops.fleet.scheduler.slurm;

import java.time.Duration;
import java.time.Instant;

/**
 * One job's exit-status record ({@link ExitRecords}).
 *
 * @param started when the job script started; {@code null} when the line is missing
 * @param exitStatus the script's exit status; {@code null} when it left no exit line
 * @param ended when it exited; {@code null} likewise
 */
public record ExitRecord(Instant started, Integer exitStatus, Instant ended) {

  public boolean exited() {
    return exitStatus != null;
  }

  /** Run time; {@code null} unless both times are known. */
  public Duration elapsed() {
    return started == null || ended == null ? null : Duration.between(started, ended);
  }
}
