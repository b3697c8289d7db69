package io.examlops.fleet.model;

import java.util.Objects;

/**
 * What the user can do about a failure, as an action and what it applies to, so that each surface
 * says it in its own terms: the CLI names its command ({@code exa hpc approve lxp}), the console
 * its button, MCP its tool.
 *
 * @param action what to do
 * @param subject the cluster or job it applies to; {@code null} when none
 */
public record Hint(Action action, String subject) {
  /** Actions the fleet's failures point to. */
  public enum Action {
    /** An admin approves the cluster (again). */
    APPROVE,
    /** Register a cluster (again): probe its host and record it as PENDING. */
    CONNECT,
    /**
     * Register the trial backend (the mock scheduler) on this machine, to try the product without a
     * cluster.
     */
    CONNECT_TRIAL,
    /** List the registered clusters. */
    LIST_CLUSTERS,
    /** List the tracked jobs. */
    LIST_JOBS,
    /** Look at the cluster's live queue. */
    SHOW_QUEUE,
    /** Cancel the job. */
    CANCEL,
    /** Print the cluster's EXAMLOPS_HPC_* environment. */
    SHOW_ENVIRONMENT,
    /** Save a snapshot of the cluster's nodes. */
    SAVE_SNAPSHOT,
    /** Probe the host again. */
    DETECT,
    /** Probe a registered cluster again through its entry in clusters.yaml, as it is now. */
    REPROBE,
    /** Trust the host's unknown key on first use, recording it (a changed key stays refused). */
    ACCEPT_NEW_HOST_KEY
  }

  public Hint {
    Objects.requireNonNull(action, "action");
  }

  public static Hint of(Action action) {
    return new Hint(action, null);
  }

  public static Hint of(Action action, String subject) {
    return new Hint(action, subject);
  }
}
