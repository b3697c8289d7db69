package io.examlops.fleet.model;

import java.util.Locale;

/**
 * The normalized job state every layer speaks, whatever the scheduler calls it. Each scheduler's
 * own word stays beside it as the raw state (see {@code docs/scheduling.md}, "Job states, queue and
 * accounting" for the mapping).
 *
 * <p>A word a parser does not recognise maps to {@link #UNKNOWN}: never treated as finished, so a
 * tracker keeps following the job instead of closing its books on a guess.
 */
public enum JobState {
  /**
   * Recorded by the submitting side before the job is sent, and not yet confirmed: the scheduler
   * has not answered yet, or the submitter stopped before it could record the answer (then whether
   * the scheduler has the job is unknown). No scheduler output maps to it.
   */
  SUBMITTING,
  /**
   * Accepted by the scheduler (an id came back) but not yet seen in its queue or accounting. Set by
   * the submitting side; no scheduler output maps to it.
   */
  SUBMITTED,
  /** Waiting: for resources, priority, a dependency, a hold, a requeue. */
  PENDING,
  /**
   * Holding resources and running (also while nodes boot, or while resizing or being signalled).
   */
  RUNNING,
  /** Stopped by the scheduler or an admin while keeping its allocation; may resume. */
  SUSPENDED,
  /** Its processes ended; the scheduler is still releasing resources (Slurm CG, Flux CLEANUP). */
  COMPLETING,
  COMPLETED,
  /** Ended badly: non-zero exit, node failure, out of memory, launch or boot failure. */
  FAILED,
  /** Stopped by a user, an admin or the scheduler (preemption) before it finished. */
  CANCELLED,
  /** Killed at its time limit (or deadline). */
  TIMEOUT,
  /**
   * No source the cluster has knows the job any more (its queue, its accounting, the exit-status
   * record the job script leaves): how it ended is not known, and the reason says what was asked.
   * Set by the tracker; no scheduler output maps to it.
   */
  LOST,
  /**
   * Recorded as submitting, but its scheduler never got it: the submitter stopped (or failed)
   * before sending, and the job was not found under its mark once the grace period passed, or its
   * owner cleared it. Set by the fleet; no scheduler output maps to it.
   */
  NOT_SUBMITTED,
  UNKNOWN;

  /**
   * Whether following the job is over: it ended, or no source knows it any more ({@link #LOST}).
   */
  public boolean terminal() {
    return this == COMPLETED
        || this == FAILED
        || this == CANCELLED
        || this == TIMEOUT
        || this == LOST
        || this == NOT_SUBMITTED;
  }

  /**
   * Whether a record may move from this state to {@code next}: states only go forward, from
   * submitting to submitted, to the scheduler's live states (among which a job moves freely:
   * requeued, suspended, resumed), to an end. An end is final, except {@link #LOST}, which a
   * scheduler's later word may still settle. Staying in a state is always allowed.
   */
  public boolean mayMoveTo(JobState next) {
    if (next == this) {
      return true;
    }
    return switch (this) {
      case SUBMITTING -> next != SUBMITTING;
      case SUBMITTED -> next != SUBMITTING && next != NOT_SUBMITTED;
      case LOST -> next.terminal() && next != NOT_SUBMITTED;
      case COMPLETED, FAILED, CANCELLED, TIMEOUT, NOT_SUBMITTED -> false;
      default -> !next.awaitsScheduler() && next != NOT_SUBMITTED;
    };
  }

  /** Whether the submitting side has not yet seen the job in the scheduler's own records. */
  public boolean awaitsScheduler() {
    return this == SUBMITTING || this == SUBMITTED;
  }

  /** The lower-case word used in tables and JSON ({@code not-submitted} for NOT_SUBMITTED). */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Every state's label, in order: the words a filter by state takes. */
  public static java.util.List<String> labels() {
    return java.util.Arrays.stream(values()).map(JobState::label).toList();
  }

  /**
   * A state from its label or name, whatever its case.
   *
   * @throws IllegalArgumentException when it is neither
   */
  public static JobState parse(String text) {
    return valueOf(text.strip().toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
