package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.SchedulerKind;
import java.time.Instant;
import java.util.Objects;

/**
 * Where one tracked job stands, and where that was learnt.
 *
 * @param source which view answered
 * @param job the facts: state, times, elapsed, GPUs, exit code, each {@code null} where the source
 *     does not tell; for {@link Source#NOT_FOUND} everything but id and state (UNKNOWN) is {@code
 *     null}, for {@link Source#LOST} everything but id, state (LOST) and perhaps the start
 * @param note why a job was not found or is lost, where a record came from, or the scheduler's own
 *     reason for its end or wait, for display; {@code null} otherwise
 * @param submitted when the scheduler says the job was submitted; {@code null} when it does not
 */
public record JobStatus(Source source, JobAccounting job, String note, Instant submitted) {

  public JobStatus(Source source, JobAccounting job, String note) {
    this(source, job, note, null);
  }

  public enum Source {
    /**
     * The scheduler's controller: Slurm's {@code squeue -t all} (live jobs, and ended ones while
     * slurmctld remembers them), Flux's {@code flux jobs} of an active job.
     */
    QUEUE,
    /** The scheduler's accounting (sacct, flux jobs of an inactive job). */
    ACCOUNTING,
    /** The mock backend's own job directory. */
    LOCAL,
    /**
     * The exit-status record the rendered job script leaves beside its output, read when neither
     * the queue nor accounting knows the job (a cluster without slurmdbd).
     */
    RECORD,
    /**
     * Every source the cluster has was asked and none knows the job any more: state {@link
     * JobState#LOST}, with the reason.
     */
    LOST,
    /**
     * Neither view knows the job: not yet in accounting (sacct lags the queue), already purged, or
     * never existed. Not a failure: keep following it.
     */
    NOT_FOUND
  }

  public JobStatus {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(job, "job");
  }

  public JobState state() {
    return job.state();
  }

  /** An entry of {@code squeue -t all}: a live job, or an ended one slurmctld still remembers. */
  public static JobStatus fromQueue(JobAccounting job) {
    return fromQueue(job, null);
  }

  /**
   * @param reason the scheduler's reason for the wait or the end ({@code null}: none given)
   */
  public static JobStatus fromQueue(JobAccounting job, String reason) {
    return new JobStatus(Source.QUEUE, job, reason);
  }

  public static JobStatus fromAccounting(JobAccounting job) {
    return new JobStatus(Source.ACCOUNTING, job, null);
  }

  public static JobStatus fromRecord(JobAccounting job, String note) {
    return new JobStatus(Source.RECORD, job, note);
  }

  public static JobStatus lost(JobAccounting job, String reason) {
    return new JobStatus(Source.LOST, job, reason);
  }

  public static JobStatus notFound(SchedulerKind scheduler, String id, String note) {
    return new JobStatus(
        Source.NOT_FOUND, JobAccounting.only(scheduler, id, JobState.UNKNOWN), note);
  }
}
