package io.examlops.fleet.scheduling.preflight;

import io.examlops.fleet.transport.ShellQuote;

/**
 * The read-only commands preflight runs itself (the scheduler checks run the probes' own). Values
 * from outside reach them only through {@link ShellQuote}.
 */
public final class PreflightCommands {
  /** Cheapest query every POSIX host answers; it also names the user jobs will run as. */
  public static final String WHOAMI = "id -un";

  /** The association columns asked for, in this order. */
  static final String SLURM_ASSOC_FORMAT = "Cluster,Account,User,Partition,QOS,DefaultQOS,GrpTRES";

  /** The flux-accounting fields asked for; the header line names them, so the order is free. */
  static final String FLUX_USER_FORMAT =
      "{username}|{userid}|{bank}|{default_bank}|{shares}|{fairshare}|{max_running_jobs}"
          + "|{max_active_jobs}|{queues}";

  private PreflightCommands() {}

  /**
   * The user's Slurm associations, every account at once (so that a wrong account can be answered
   * with the right ones). {@code -n -P}: no header, {@code |}-delimited, nothing truncated.
   */
  public static String slurmAssociations(String user) {
    return "sacctmgr -n -P show assoc where user="
        + ShellQuote.quote(user)
        + " format="
        + SLURM_ASSOC_FORMAT;
  }

  /**
   * The user's flux-accounting rows, one per bank (flux-accounting 0.60 and later print a header).
   */
  public static String fluxUser(String user) {
    return "flux account view-user -o "
        + ShellQuote.quote(FLUX_USER_FORMAT)
        + " "
        + ShellQuote.quote(user);
  }
}
