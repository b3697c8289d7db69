package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.MarkLookup;
import io.examlops.fleet.transport.CommandRunner;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves records left {@code submitting} by a submitter that stopped (a kill -9, a crash, a lost
 * connection) between recording a submission and recording its scheduler's answer. Each is looked
 * up on its cluster by the mark it was sent with ({@link TrackedJob#submissionMark}): found, it is
 * recorded with its scheduler id (the job is tracked from then on); not found once {@link #GRACE}
 * has passed since it was recorded, it is marked {@code not-submitted}. Within the grace period it
 * may still be on its way, and is left as it is with a note.
 */
final class StuckSubmissions {
  /**
   * How long after it was recorded a submission not found on its cluster may still be on its way:
   * longer than any submitter waits for its scheduler's answer (the transports' timeouts).
   */
  static final Duration GRACE = Duration.ofMinutes(15);

  private final Clock clock;

  StuckSubmissions(Clock clock) {
    this.clock = clock;
  }

  /** Whether the record was left by a submission whose scheduler's answer was never recorded. */
  static boolean stuck(TrackedJob job) {
    return job.state() == JobState.SUBMITTING && job.schedulerJobId() == null;
  }

  /**
   * Looks each stuck record of one cluster up and records what was found, as {@code actor}.
   *
   * @param clear whether a record not found is marked {@code not-submitted} at once, grace or not
   *     (its owner or an admin cancelling it)
   * @return the records as they stand after
   */
  List<TrackedJob> resolve(
      Actor actor,
      JobRecords store,
      JobBackend backend,
      CommandRunner runner,
      List<TrackedJob> stuck,
      boolean clear,
      List<String> notes) {
    List<TrackedJob> resolved = new ArrayList<>();
    for (TrackedJob job : stuck) {
      try {
        resolved.add(resolve(actor, store, backend, runner, job, clear, notes));
      } catch (FleetException e) {
        if (e.kind() != ErrorKind.NOT_PERMITTED) {
          throw e;
        }
        notes.add(e.getMessage());
        resolved.add(job);
      }
    }
    return resolved;
  }

  private TrackedJob resolve(
      Actor actor,
      JobRecords store,
      JobBackend backend,
      CommandRunner runner,
      TrackedJob job,
      boolean clear,
      List<String> notes) {
    MarkLookup lookup = backend.findMarked(runner, job.submissionMark(), job.name());
    if (lookup.found()) {
      TrackedJob recorded = store.complete(job, lookup.jobId(), actor);
      notes.add(
          "job "
              + job.id()
              + " on "
              + job.cluster()
              + " was left submitting by its submitter; "
              + job.cluster()
              + " has it as "
              + lookup.jobId()
              + ", recorded now");
      return recorded;
    }
    Duration age = Duration.between(job.submittedAt(), clock.instant());
    if (clear || (lookup.searched() && age.compareTo(GRACE) >= 0)) {
      String why =
          clear
              ? "cleared by "
                  + actor.name()
                  + (lookup.searched()
                      ? ": "
                          + job.cluster()
                          + " has no job sent with its mark "
                          + job.submissionMark()
                      : "")
              : "its submitter stopped before sending it: "
                  + job.cluster()
                  + " has no job sent with its mark "
                  + job.submissionMark()
                  + " "
                  + age.toMinutes()
                  + " minutes after it was recorded";
      TrackedJob marked = store.notSubmitted(job, why, actor);
      notes.add("job " + job.id() + " on " + job.cluster() + " is not-submitted: " + why);
      return marked;
    }
    notes.add(
        "job "
            + job.id()
            + " on "
            + job.cluster()
            + " is being submitted, or its submitter stopped before recording the scheduler's"
            + " answer (since "
            + job.submittedAt()
            + "); "
            + (lookup.searched()
                ? job.cluster()
                    + " has no job sent with its mark yet; it is marked not-submitted if none"
                    + " appears by "
                    + job.submittedAt().plus(GRACE)
                : "whether "
                    + job.cluster()
                    + " has it is unknown: look for job '"
                    + job.name()
                    + "' in the live queue of "
                    + job.cluster())
            + " (exa hpc cancel "
            + job.id()
            + " clears it)");
    return job;
  }
}
