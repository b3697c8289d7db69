package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.SchedulerKind;
import java.util.Locale;
import java.util.Objects;

/**
 * What one probe found on a host, in its own words: detection shows every probe's reason, so that
 * "Flux is installed but no instance answers" is not hidden behind Slurm's failure.
 *
 * @param scheduler the probe's scheduler
 * @param state whether it answers, is absent, or is installed but does not answer
 * @param reason what was found, in words for the user
 */
public record ProbeStatus(SchedulerKind scheduler, State state, String reason) {

  /** Where a probe stands on a host. */
  public enum State {
    /** The scheduler answers: its client commands run and its daemons respond. */
    ANSWERS,
    /** Not there: its client commands are missing (or are not the scheduler's). */
    ABSENT,
    /** Installed, but its daemons (Slurm's controller, a Flux instance) do not answer. */
    NOT_ANSWERING;

    /** {@code answers}, {@code absent}, {@code not-answering}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public ProbeStatus {
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(reason, "reason");
  }

  public boolean answers() {
    return state == State.ANSWERS;
  }

  /** {@code slurm: not answering (…)}, the line detection notes for a probe that did not answer. */
  public String note() {
    return scheduler.label()
        + ": "
        + (state == State.NOT_ANSWERING ? "installed, not answering" : "not available")
        + " ("
        + reason
        + ")";
  }
}
