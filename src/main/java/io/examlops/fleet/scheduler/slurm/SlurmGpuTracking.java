package io.examlops.fleet.scheduler.slurm;

/**
 * Whether a cluster's accounting records GPUs ({@code gres/gpu} in {@code AccountingStorageTRES}).
 * Slurm leaves untracked TRES out of both AllocTRES and ReqTRES, so without this a GPU job and a
 * CPU job print the same TRES and a missing {@code gres/gpu} proves nothing.
 */
public enum SlurmGpuTracking {
  /** {@code gres/gpu} is tracked: a job whose TRES names no GPU has none. */
  TRACKED,
  /** Not tracked: GPU counts from accounting are unknown. */
  NOT_TRACKED,
  /**
   * Not known: tracked if any job in the same output names {@code gres/gpu}; otherwise GPU counts
   * stay unknown.
   */
  INFER
}
