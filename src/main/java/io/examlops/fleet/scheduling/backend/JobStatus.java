package io.examlops.fleet.scheduling.backend;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import java.time.Instant;
import java.util.Objects;

/**
 * Where one tracked job stands, and where that was learnt.
 *
 * @param source which view answered
 * @param job the facts: state, times, elapsed, GPUs, exit code; from the live queue only state,
 *     elapsed, nodes and GPUs are known (start, end and exit code are {@code null}); for {@link
 *     Source#NOT_FOUND} everything but id and state (UNKNOWN) is {@code null}
 * @param note why a job was not found, or the scheduler's own reason for its end or wait, for
 *     display; {@code null} otherwise
 * @param submitted when the scheduler says the job was submitted; {@code null} when it does not
 */
public record JobStatus(Source source, JobAccounting job, String note, Instant submitted) {

  public JobStatus(Source source, JobAccounting job, String note) {
    this(source, job, note, null);
  }

  public enum Source {
    /** The scheduler's live queue (squeue, flux jobs of an active job). */
    QUEUE,
    /** The scheduler's accounting (sacct, flux jobs of an inactive job). */
    ACCOUNTING,
    /** The mock backend's own job directory. */
    LOCAL,
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

  static JobStatus fromQueue(QueueEntry entry) {
    return new JobStatus(
        Source.QUEUE,
        new JobAccounting(
            entry.scheduler(),
            entry.id(),
            entry.name(),
            entry.user(),
            null,
            entry.partition(),
            entry.state(),
            entry.rawState(),
            null,
            null,
            entry.elapsed(),
            null,
            null,
            entry.nodes(),
            entry.nodeList(),
            entry.gpus()),
        null);
  }

  static JobStatus fromAccounting(JobAccounting job) {
    return new JobStatus(Source.ACCOUNTING, job, null);
  }

  static JobStatus notFound(SchedulerKind scheduler, String id, String note) {
    return new JobStatus(
        Source.NOT_FOUND,
        new JobAccounting(
            scheduler,
            id,
            null,
            null,
            null,
            null,
            JobState.UNKNOWN,
            "",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null),
        note);
  }
}
