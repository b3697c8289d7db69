package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.JobTag;
import io.examlops.fleet.model.TrackedJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Submissions under the caller's tag: a CI stage names its job (say {@code train#42}), and when the
 * stage is retried while that job still runs, the retry re-attaches to it instead of submitting a
 * second one. A tagged job that has ended no longer holds its tag: the next submission runs anew.
 */
public final class TaggedJobs {
  private final JobTracker jobs;

  public TaggedJobs(JobTracker jobs) {
    this.jobs = jobs;
  }

  /**
   * The newest job of this tag if it has not ended, as its scheduler reports it now; empty when the
   * tag is new or its job has ended.
   *
   * @throws FleetException (CONFLICT) when the tag's job was never confirmed by its scheduler (its
   *     submitter stopped in between): submitting again could run it twice
   */
  public Optional<TrackedJob> unfinished(Actor actor, String tag) {
    Optional<TrackedJob> latest = jobs.store(actor).latestTagged(JobTag.require(tag));
    if (latest.isEmpty() || latest.get().state().terminal()) {
      return Optional.empty();
    }
    TrackedJob job = latest.get();
    if (job.state() == JobState.SUBMITTING) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "the job tagged '"
              + tag
              + "' ("
              + job.id()
              + " on "
              + job.cluster()
              + ") was never"
              + " confirmed by its scheduler; nothing was submitted again, as it may be running:"
              + " look for job '"
              + job.name()
              + "' in the queue of "
              + job.cluster()
              + ", and cancel or keep it before submitting under another tag");
    }
    List<String> notes = new ArrayList<>();
    TrackedJob now = jobs.refresh(actor, List.of(job), notes).get(0);
    return now.state().terminal() ? Optional.empty() : Optional.of(now);
  }
}
