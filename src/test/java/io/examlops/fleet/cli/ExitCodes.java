package io.examlops.fleet.cli;

/**
 * The exit codes of {@code exa} ({@link ExitCode}, which the cli package keeps to itself), for the
 * tests of other packages that run {@code exa} and check how it ended.
 */
public final class ExitCodes {
  public static final int OK = ExitCode.OK;
  public static final int FAILED = ExitCode.FAILED;
  public static final int USAGE = ExitCode.USAGE;
  public static final int UNREACHABLE = ExitCode.UNREACHABLE;
  public static final int SCHEDULER = ExitCode.SCHEDULER;
  public static final int NOT_APPROVED = ExitCode.NOT_APPROVED;
  public static final int NOT_FOUND = ExitCode.NOT_FOUND;

  private ExitCodes() {}
}
