package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.JobTag;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobStore;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The console's side of central mode: the job records agents read and write through its API. An
 * agent records a submission before it sends it ({@link #recordSubmission}), then completes ({@link
 * #recordSubmitted}) or discards it; it stores what it observes of the jobs it follows. Always this
 * machine's own platform.db. Stateless: safe to share between threads.
 */
public final class JobRecordService {
  private static final Pattern SCHEDULER_JOB_ID = Pattern.compile("[A-Za-z0-9._:+-]{1,100}");

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
    return store().latestTagged(JobTag.require(tag.strip()));
  }

  /**
   * Records an agent's submission before the agent sends it to the scheduler, as submitted by
   * {@code actor} now; refused unless the cluster is ACTIVE.
   *
   * @param job the submission: what it asks for is taken, who and when are the console's
   */
  public TrackedJob recordSubmission(Actor actor, TrackedJob job, String tag) {
    clusters.connections().cluster(job.cluster());
    return store()
        .begin(job.submittedAgain(actor.name(), clusters.clock().instant()), JobTag.require(tag));
  }

  /** Completes a recorded submission with the id its scheduler gave, audited as {@code actor}'s. */
  public TrackedJob recordSubmitted(Actor actor, long id, String schedulerJobId) {
    if (!SCHEDULER_JOB_ID.matcher(schedulerJobId).matches()) {
      throw FleetException.invalid(
          "the scheduler's job id "
              + Printable.quoted(schedulerJobId)
              + " is not one: 1 to 100 letters, digits or . _ : + -",
          "schedulerJobId");
    }
    return store().complete(unconfirmed(id), schedulerJobId, actor);
  }

  /** Removes the record of a submission that never reached its scheduler. */
  public void discardSubmission(long id) {
    store().discard(unconfirmed(id));
  }

  /**
   * Stores what an agent observed of a job it follows: its state, times, GPU-hours and exit code.
   * The job's cluster and scheduler id are its record's; a job not yet confirmed is refused.
   */
  public TrackedJob recordObserved(Actor actor, TrackedJob observed) {
    TrackedJob recorded =
        store()
            .find(observed.id())
            .orElseThrow(() -> new UnknownJobException(Long.toString(observed.id())));
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
              + observed.cluster()
              + " "
              + observed.schedulerJobId()
              + ": nothing was changed");
    }
    return store().update(observed);
  }

  /** A recorded submission its scheduler has not confirmed yet; refused otherwise. */
  private TrackedJob unconfirmed(long id) {
    TrackedJob job = store().find(id).orElseThrow(() -> new UnknownJobException(Long.toString(id)));
    if (job.state() != JobState.SUBMITTING) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + id
              + " on "
              + job.cluster()
              + " is "
              + job.state().label()
              + " (scheduler id "
              + job.schedulerJobId()
              + "): only a submission its scheduler has not confirmed is completed or discarded");
    }
    return job;
  }

  private JobStore store() {
    return new JobStore(clusters.stores().registry().platformDb());
  }
}
