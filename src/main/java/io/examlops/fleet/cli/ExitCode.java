package io.examlops.fleet.cli;

/** The exit codes of every exa command; docs/cli.md lists them. */
final class ExitCode {
  /** The command did what was asked. */
  static final int OK = 0;

  /** A check failed (preflight) or the command failed for a reason given in its message. */
  static final int FAILED = 1;

  /** The command line was wrong: unknown option, bad value, missing argument. */
  static final int USAGE = 2;

  /** The host could not be reached: name resolution, connection, host key, authentication. */
  static final int UNREACHABLE = 3;

  /** The scheduler refused a query or answered with output that cannot be read. */
  static final int SCHEDULER = 4;

  /** The approval gate refused: the cluster is not ACTIVE, or what was approved has changed. */
  static final int NOT_APPROVED = 5;

  /** A named thing (cluster, job, file) does not exist, or a stored file is invalid. */
  static final int NOT_FOUND = 6;

  private ExitCode() {}
}
