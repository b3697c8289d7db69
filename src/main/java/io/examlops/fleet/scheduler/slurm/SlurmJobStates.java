package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.JobState;
import java.util.Locale;
import java.util.Map;

/**
 * Slurm job states (long words from {@code squeue %T}/{@code sacct State}, compact codes from
 * {@code squeue %t}, and JSON flag lists) to the normalized {@link JobState}.
 *
 * <p>Slurm's text output prints a flag (COMPLETING, CONFIGURING, REQUEUED, ...) in place of the
 * base state when one is set, so flags are mapped as states of their own.
 */
public final class SlurmJobStates {
  private static final Map<String, JobState> BY_WORD =
      Map.ofEntries(
          // base states
          Map.entry("PENDING", JobState.PENDING),
          Map.entry("PD", JobState.PENDING),
          Map.entry("RUNNING", JobState.RUNNING),
          Map.entry("R", JobState.RUNNING),
          Map.entry("SUSPENDED", JobState.SUSPENDED),
          Map.entry("S", JobState.SUSPENDED),
          Map.entry("COMPLETED", JobState.COMPLETED),
          Map.entry("CD", JobState.COMPLETED),
          Map.entry("CANCELLED", JobState.CANCELLED),
          Map.entry("CA", JobState.CANCELLED),
          Map.entry("FAILED", JobState.FAILED),
          Map.entry("F", JobState.FAILED),
          Map.entry("TIMEOUT", JobState.TIMEOUT),
          Map.entry("TO", JobState.TIMEOUT),
          Map.entry("NODE_FAIL", JobState.FAILED),
          Map.entry("NF", JobState.FAILED),
          // ended by preemption (a preempted job that is requeued shows REQUEUED/PENDING instead)
          Map.entry("PREEMPTED", JobState.CANCELLED),
          Map.entry("PR", JobState.CANCELLED),
          Map.entry("BOOT_FAIL", JobState.FAILED),
          Map.entry("BF", JobState.FAILED),
          Map.entry("DEADLINE", JobState.TIMEOUT),
          Map.entry("DL", JobState.TIMEOUT),
          Map.entry("OUT_OF_MEMORY", JobState.FAILED),
          Map.entry("OOM", JobState.FAILED),
          // flags Slurm prints in place of the base state
          Map.entry("COMPLETING", JobState.COMPLETING),
          Map.entry("CG", JobState.COMPLETING),
          Map.entry("STAGE_OUT", JobState.COMPLETING),
          Map.entry("SO", JobState.COMPLETING),
          // nodes allocated and booting: the allocation is held already
          Map.entry("CONFIGURING", JobState.RUNNING),
          Map.entry("CF", JobState.RUNNING),
          Map.entry("RESIZING", JobState.RUNNING),
          Map.entry("RS", JobState.RUNNING),
          Map.entry("SIGNALING", JobState.RUNNING),
          Map.entry("SI", JobState.RUNNING),
          Map.entry("REQUEUED", JobState.PENDING),
          Map.entry("RQ", JobState.PENDING),
          Map.entry("REQUEUE_FED", JobState.PENDING),
          Map.entry("RF", JobState.PENDING),
          Map.entry("REQUEUE_HOLD", JobState.PENDING),
          Map.entry("RH", JobState.PENDING),
          Map.entry("SPECIAL_EXIT", JobState.PENDING),
          Map.entry("SE", JobState.PENDING),
          Map.entry("RESV_DEL_HOLD", JobState.PENDING),
          Map.entry("RD", JobState.PENDING),
          // stopped with SIGSTOP, allocation kept
          Map.entry("STOPPED", JobState.SUSPENDED),
          Map.entry("ST", JobState.SUSPENDED),
          // a federated sibling withdrawn because another cluster runs the job
          Map.entry("REVOKED", JobState.CANCELLED),
          Map.entry("RV", JobState.CANCELLED));

  private SlurmJobStates() {}

  /**
   * One state as Slurm prints it: a long word in any case, a compact code, or sacct's {@code
   * CANCELLED by <uid>}. Anything else is {@link JobState#UNKNOWN}.
   */
  public static JobState normalize(String raw) {
    if (raw == null) {
      return JobState.UNKNOWN;
    }
    String word = raw.trim().toUpperCase(Locale.ROOT);
    int by = word.indexOf(" BY ");
    if (by > 0) {
      word = word.substring(0, by);
    }
    return BY_WORD.getOrDefault(word, JobState.UNKNOWN);
  }
}
