package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TrackedJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Submissions under the caller's tag: a CI stage names its job (say {@code train#42}), and when the
 * stage is retried while that job still runs, the retry re-attaches to it instead of submitting a
 * second one. A tagged job that has ended no longer holds its tag: the next submission runs anew.
 */
public final class TaggedJobs {
  /** What a tag may hold: a CI system's job and build names fit, nothing a shell would read. */
  public static final String RULE =
      "1 to 200 characters: letters, digits and . _ - : / # @ + =, starting with a letter or digit";

  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/#@+=-]{0,199}");

  private final JobTracker jobs;

  public TaggedJobs(JobTracker jobs) {
    this.jobs = jobs;
  }

  /** The tag, checked; {@code null} stays {@code null} (no tag). */
  public static String require(String tag) {
    if (tag != null && !TAG.matcher(tag).matches()) {
      throw FleetException.invalid(
          "tag " + Printable.quoted(tag) + " is not a tag: a tag is " + RULE, "tag");
    }
    return tag;
  }

  /**
   * The newest job of this tag if it has not ended, as its scheduler reports it now; empty when the
   * tag is new or its job has ended.
   *
   * @throws FleetException (CONFLICT) when the tag's job was never confirmed by its scheduler (its
   *     submitter stopped in between): submitting again could run it twice
   */
  public Optional<TrackedJob> unfinished(String tag) {
    Optional<TrackedJob> latest = jobs.store().latestTagged(require(tag));
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
    TrackedJob now = jobs.refresh(List.of(job), notes).get(0);
    return now.state().terminal() ? Optional.empty() : Optional.of(now);
  }
}
