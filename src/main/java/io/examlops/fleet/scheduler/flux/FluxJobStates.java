package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.JobState;
import java.util.Locale;
import java.util.Map;

/**
 * Flux job states and results (RFC 21), as full words ({@code status}, {@code state}, {@code
 * result}) or abbreviations ({@code status_abbrev}, {@code state_single}, {@code result_abbrev}),
 * to the normalized {@link JobState}. Flux's {@code S} is SCHED (waiting), not Slurm's SUSPENDED.
 */
public final class FluxJobStates {
  private static final Map<String, JobState> BY_WORD =
      Map.ofEntries(
          Map.entry("NEW", JobState.PENDING),
          Map.entry("N", JobState.PENDING),
          Map.entry("DEPEND", JobState.PENDING),
          Map.entry("D", JobState.PENDING),
          Map.entry("PRIORITY", JobState.PENDING),
          Map.entry("P", JobState.PENDING),
          Map.entry("SCHED", JobState.PENDING),
          Map.entry("S", JobState.PENDING),
          Map.entry("RUN", JobState.RUNNING),
          Map.entry("R", JobState.RUNNING),
          Map.entry("CLEANUP", JobState.COMPLETING),
          Map.entry("C", JobState.COMPLETING),
          Map.entry("COMPLETED", JobState.COMPLETED),
          Map.entry("CD", JobState.COMPLETED),
          Map.entry("FAILED", JobState.FAILED),
          Map.entry("F", JobState.FAILED),
          Map.entry("CANCELED", JobState.CANCELLED),
          Map.entry("CA", JobState.CANCELLED),
          Map.entry("TIMEOUT", JobState.TIMEOUT),
          Map.entry("TO", JobState.TIMEOUT));

  private FluxJobStates() {}

  /**
   * A status (state and result merged, as {@code flux jobs} prints it), a state, or a result. A
   * bare INACTIVE without its result, or any other word, is {@link JobState#UNKNOWN}.
   */
  public static JobState normalize(String word) {
    if (word == null) {
      return JobState.UNKNOWN;
    }
    return BY_WORD.getOrDefault(word.strip().toUpperCase(Locale.ROOT), JobState.UNKNOWN);
  }

  /** A state plus, for an INACTIVE job, its result. */
  public static JobState normalize(String state, String result) {
    String s = state == null ? "" : state.strip().toUpperCase(Locale.ROOT);
    boolean inactive = s.equals("INACTIVE") || s.equals("I");
    return inactive ? normalize(result) : normalize(s);
  }
}
