package io.examlops.fleet.placement;

/** The read-only command preflight runs itself (the scheduler checks run their adapter's own). */
public final class PreflightCommands {
  /** Cheapest query every POSIX host answers; it also names the user jobs will run as. */
  public static final String WHOAMI = "id -un";

  private PreflightCommands() {}
}
