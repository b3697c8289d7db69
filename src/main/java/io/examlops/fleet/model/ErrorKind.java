package io.examlops.fleet.model;

/**
 * What kind of failure a {@link FleetException} is: what every surface needs to react to it (the
 * CLI's exit code and {@code --json} kind, the console's HTTP status, MCP's error result) without
 * reading its message.
 */
public enum ErrorKind {
  /** The request itself is wrong: a bad value, a missing one, options that exclude each other. */
  INVALID_REQUEST,
  /** No cluster of that name is registered. */
  UNKNOWN_CLUSTER,
  /** No tracked job has that id. */
  UNKNOWN_JOB,
  /** No console user has that name. */
  UNKNOWN_USER,
  /** The job script named does not exist. */
  SCRIPT_NOT_FOUND,
  /** The job script named is not a readable file. */
  SCRIPT_UNREADABLE,
  /** The approval gate refused: the cluster is not ACTIVE, or what was approved changed. */
  NOT_APPROVED,
  /** The host name does not resolve. */
  HOST_UNRESOLVED,
  /** The host cannot be connected to. */
  CONNECT_FAILED,
  /** The host's key is unknown, changed, or not the pinned one. */
  HOST_KEY_REFUSED,
  /** The host refused the user's key. */
  AUTHENTICATION_FAILED,
  /** A command could not be run on the host. */
  REMOTE_COMMAND_FAILED,
  /** The host or a command on it did not answer in time. */
  TIMED_OUT,
  /** The SSH private key file cannot be used (missing, unreadable, too open, locked). */
  KEY_FILE,
  /** The scheduler refused a job or a query, or answered with output that cannot be read. */
  SCHEDULER_REFUSED,
  /** clusters.yaml cannot be used as it is. */
  INVALID_REGISTRY,
  /** A stored file (platform.db, clusters.yaml) is damaged, read-only, full or inaccessible. */
  STORE,
  /** The request conflicts with what is registered or found (nothing answers, a mismatch). */
  CONFLICT,
  /**
   * The acting user may not change this: a job record that someone else submitted (only its
   * submitter or an admin may).
   */
  NOT_PERMITTED,
  /** The scheduler accepted a job whose record could not be completed: it runs, untracked. */
  JOB_NOT_RECORDED,
  /** A defect: nothing the user did explains it. */
  INTERNAL
}
