package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.JobTag;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.SchedulerJobId;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobStore;
import java.util.Optional;

/**
 * The console's side of central mode: the job records agents read and write through its API. An
 * agent records a submission before it sends it ({@link #recordSubmission}), then completes ({@link
 * #recordSubmitted}) or discards it; it stores what it observes of the jobs it follows.
 *
 * <p>A record belongs to who submitted it: only the token's owner that created it (or an admin)
 * changes it, states only move forward ({@link JobState#mayMoveTo}), a job a scheduler accepted is
 * never removed, every value is checked by the rules the fleet's own requests follow ({@link
 * TrackedJob#checked}), and every change is audited with the owner and surface. Always this
 * machine's own platform.db. Stateless: safe to share between threads.
 */
public final class JobRecordService {
  private final Clusters clusters;

  public JobRecordService(Clusters clusters) {
    this.clusters = clusters;
  }

  /** A tracked job by its fleet id, as recorded; empty when there is none. */
  public Optional<TrackedJob> find(long id) {
    return store().find(id);
  }

  /** The newest submission recorded with this tag, as recorded; empty when there is none. */
  public Optional<TrackedJob> tagged(String tag) {
    return store().latestTagged(JobTag.require(tag == null ? null : tag.strip()));
  }

  /**
   * Records an agent's submission before the agent sends it to the scheduler, as submitted by the
   * recorder now; refused unless the cluster is ACTIVE and the ask follows the fleet's rules.
   *
   * @param job the submission: what it asks for is taken, who and when are the console's
   */
  public TrackedJob recordSubmission(JobRecorder who, TrackedJob job, String tag) {
    TrackedJob asked = job.submittedAgain(who.actor().name(), clusters.clock().instant()).checked();
    clusters.connections().cluster(asked.cluster());
    return store().begin(asked, JobTag.require(tag), who.actor());
  }

  /**
   * Completes a recorded submission with the id its scheduler gave, audited as the recorder's; only
   * its submitter (or an admin) may, and only while it is submitting or was marked not-submitted
   * (the scheduler's word wins). The same id sent again changes nothing.
   */
  public TrackedJob recordSubmitted(JobRecorder who, long id, String schedulerJobId) {
    SchedulerJobId.require(schedulerJobId, "schedulerJobId");
    TrackedJob job = existing(id);
    requireMayChange(who, job, "completed");
    boolean again = schedulerJobId.equals(job.schedulerJobId());
    if (!again && !(job.state() == JobState.NOT_SUBMITTED && job.schedulerJobId() == null)) {
      requireSubmitting(job, "completed");
    }
    return store().complete(job, schedulerJobId, who.actor());
  }

  /**
   * Records that a submission never reached its scheduler (its submitter looked for it under its
   * mark and found nothing), with why; only its submitter (or an admin) may, and only while it is
   * submitting. Audited as the recorder's.
   */
  public TrackedJob recordNotSubmitted(JobRecorder who, long id, String why) {
    String reason = OneLine.require("the reason", why, TrackedJob.MAX_REASON, "reason");
    return store().notSubmitted(unconfirmed(who, id, "marked not submitted"), reason, who.actor());
  }

  /**
   * Removes the record of a submission that never reached its scheduler (it refused, or the
   * submitter failed before sending); only its submitter (or an admin) may, and only while it is
   * submitting: a job a scheduler accepted is never removed. Audited as the recorder's.
   */
  public void discardSubmission(JobRecorder who, long id) {
    store().discard(unconfirmed(who, id, "discarded"), who.actor());
  }

  /**
   * Stores what an agent observed of a job it follows: its state, times, GPU-hours and exit code.
   * Only its submitter (or an admin) may; the job's cluster and scheduler id are its record's, a
   * job not yet confirmed is refused, and the state only moves forward. Audited as the recorder's
   * when the state changes; an observation that changes nothing writes nothing.
   */
  public TrackedJob recordObserved(JobRecorder who, TrackedJob observed) {
    TrackedJob recorded = existing(observed.id());
    requireMayChange(who, recorded, "changed");
    if (!recorded.cluster().equals(observed.cluster())
        || recorded.schedulerJobId() == null
        || !recorded.schedulerJobId().equals(observed.schedulerJobId())) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + observed.id()
              + " is recorded as "
              + recorded.cluster()
              + " "
              + recorded.schedulerJobId()
              + ", not "
              + OneLine.escaped(observed.cluster())
              + " "
              + OneLine.escaped(observed.schedulerJobId())
              + ": nothing was changed");
    }
    if (!recorded.state().mayMoveTo(observed.state())) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + observed.id()
              + " is "
              + recorded.state().label()
              + ", and a job's state only moves forward (submitting, submitted, pending or"
              + " running, an end): it cannot become "
              + observed.state().label()
              + "; nothing was changed");
    }
    // What the record keeps of itself: who submitted it, what it asked for, when.
    TrackedJob next =
        new TrackedJob(
                recorded.id(),
                recorded.cluster(),
                recorded.schedulerJobId(),
                recorded.name(),
                recorded.model(),
                recorded.dataset(),
                observed.gpus(),
                recorded.nodes(),
                observed.partition() == null ? recorded.partition() : observed.partition(),
                observed.state(),
                recorded.submittedBy(),
                observed.submittedAt(),
                observed.startedAt(),
                observed.endedAt(),
                observed.elapsedSeconds(),
                observed.gpuHours(),
                observed.exitCode(),
                observed.reason(),
                recorded.output())
            .checked();
    if (next.equals(recorded)) {
      return recorded;
    }
    return store().update(next, who.actor());
  }

  /** A recorded submission its scheduler has not confirmed yet, that the recorder may change. */
  private TrackedJob unconfirmed(JobRecorder who, long id, String done) {
    TrackedJob job = existing(id);
    requireMayChange(who, job, done);
    requireSubmitting(job, done);
    return job;
  }

  private static void requireSubmitting(TrackedJob job, String done) {
    if (job.state() != JobState.SUBMITTING) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + job.id()
              + " on "
              + job.cluster()
              + " is "
              + job.state().label()
              + " (scheduler id "
              + job.schedulerJobId()
              + "): only a submission its scheduler has not confirmed is "
              + done
              + "; nothing was changed");
    }
  }

  private TrackedJob existing(long id) {
    return store().find(id).orElseThrow(() -> new UnknownJobException(Long.toString(id)));
  }

  /** Refuses a recorder who neither submitted the job nor is an admin. */
  private static void requireMayChange(JobRecorder who, TrackedJob job, String done) {
    if (!who.admin() && !who.owns(job)) {
      throw new FleetException(
          ErrorKind.NOT_PERMITTED,
          "job "
              + job.id()
              + " on "
              + job.cluster()
              + " was submitted by "
              + job.submittedBy()
              + ", not "
              + who.actor().name()
              + ": only its submitter or an admin may have its record "
              + done
              + "; nothing was changed");
    }
  }

  private JobStore store() {
    return clusters.stores().registry().jobStore();
  }
}
