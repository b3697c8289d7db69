package io.examlops.fleet.scheduler.slurm;

import java.util.Arrays;

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
  INFER;

  /**
   * From the value of {@code AccountingStorageTRES} in {@code scontrol show config}, e.g. {@code
   * cpu,mem,energy,node,billing,fs/disk,vmem,pages,gres/gpu}.
   */
  public static SlurmGpuTracking fromAccountingStorageTres(String value) {
    if (value == null) {
      return INFER;
    }
    boolean gpu =
        Arrays.stream(value.split(","))
            .map(String::trim)
            .anyMatch(t -> t.equals("gres/gpu") || t.startsWith("gres/gpu:"));
    return gpu ? TRACKED : NOT_TRACKED;
  }
}
