package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.StateWords;
import java.util.Locale;

/**
 * Flux job states and results (RFC 21), as full words ({@code status}, {@code state}, {@code
 * result}) or abbreviations ({@code status_abbrev}, {@code state_single}, {@code result_abbrev}),
 * to the normalized {@link JobState}. Flux's {@code S} is SCHED (waiting), not Slurm's SUSPENDED.
 */
public final class FluxJobStates {
  private static final StateWords<JobState> BY_WORD =
      StateWords.of(
          JobState.class,
          """
          PENDING: NEW N DEPEND D PRIORITY P SCHED S
          RUNNING: RUN R
          COMPLETING: CLEANUP C
          COMPLETED: COMPLETED CD
          FAILED: FAILED F
          CANCELLED: CANCELED CA
          TIMEOUT: TIMEOUT TO
          """);

  private FluxJobStates() {}

  /**
   * A status (state and result merged, as {@code flux jobs} prints it), a state, or a result. A
   * bare INACTIVE without its result, or any other word, is {@link JobState#UNKNOWN}.
   */
  public static JobState normalize(String word) {
    return word == null ? JobState.UNKNOWN : BY_WORD.getOrDefault(word.strip(), JobState.UNKNOWN);
  }

  /** A state plus, for an INACTIVE job, its result. */
  public static JobState normalize(String state, String result) {
    String s = state == null ? "" : state.strip().toUpperCase(Locale.ROOT);
    boolean inactive = s.equals("INACTIVE") || s.equals("I");
    return inactive ? normalize(result) : normalize(s);
  }
}
