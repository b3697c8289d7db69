package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.StateWords;
import java.util.Locale;

/**
 * Slurm job states (long words from {@code squeue %T}/{@code sacct State}, compact codes from
 * {@code squeue %t}, and JSON flag lists) to the normalized {@link JobState}.
 *
 * <p>Slurm's text output prints a flag (COMPLETING, CONFIGURING, REQUEUED, ...) in place of the
 * base state when one is set, so flags are mapped as states of their own.
 */
public final class SlurmJobStates {
  private static final StateWords<JobState> BY_WORD =
      StateWords.of(
          JobState.class,
          """
          # base states
          PENDING: PENDING PD
          RUNNING: RUNNING R
          SUSPENDED: SUSPENDED S
          COMPLETED: COMPLETED CD
          CANCELLED: CANCELLED CA
          FAILED: FAILED F
          TIMEOUT: TIMEOUT TO
          FAILED: NODE_FAIL NF
          # ended by preemption (a preempted job that is requeued shows REQUEUED/PENDING instead)
          CANCELLED: PREEMPTED PR
          FAILED: BOOT_FAIL BF
          TIMEOUT: DEADLINE DL
          FAILED: OUT_OF_MEMORY OOM
          # flags Slurm prints in place of the base state
          COMPLETING: COMPLETING CG
          COMPLETING: STAGE_OUT SO
          # nodes allocated and booting: the allocation is held already
          RUNNING: CONFIGURING CF
          RUNNING: RESIZING RS
          RUNNING: SIGNALING SI
          PENDING: REQUEUED RQ
          PENDING: REQUEUE_FED RF
          PENDING: REQUEUE_HOLD RH
          PENDING: SPECIAL_EXIT SE
          PENDING: RESV_DEL_HOLD RD
          # stopped with SIGSTOP, allocation kept
          SUSPENDED: STOPPED ST
          # a federated sibling withdrawn because another cluster runs the job
          CANCELLED: REVOKED RV
          """);

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
