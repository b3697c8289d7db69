package io.examlops.fleet.scheduler;

import java.util.Locale;

/** The checks, in the order they run. */
public enum CheckName {
  /** The cluster is ACTIVE and its approval (pins) still holds. Runs no command. */
  APPROVAL,
  /** The host answers a trivial query over the configured transport. */
  HOST,
  /** The declared scheduler answers, and reads its nodes. */
  SCHEDULER,
  /** The partition or queue exists and its limits allow the ask. */
  PARTITION,
  /**
   * Flux: the queue is enabled and started, and its policy (duration default and limit, job-size
   * limits) accepts the job, as {@code flux submit} would check it. Other schedulers skip it.
   */
  POLICY,
  /** Enough GPUs exist in the partition. */
  GPUS,
  /** Enough of them are idle now. */
  IDLE,
  /** The account or bank is valid, where accounting is present. */
  ACCOUNT;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
