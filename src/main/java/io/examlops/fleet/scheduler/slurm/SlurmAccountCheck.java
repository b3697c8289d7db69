package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.AccountCheck;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;

/** Preflight's account check on Slurm: the user's associations, as sacctmgr lists them. */
public final class SlurmAccountCheck {
  /** The association columns asked for, in this order. */
  static final String FORMAT = "Cluster,Account,User,Partition,QOS,DefaultQOS,GrpTRES";

  private SlurmAccountCheck() {}

  /**
   * The user's Slurm associations, every account at once (so that a wrong account can be answered
   * with the right ones). {@code -n -P}: no header, {@code |}-delimited, nothing truncated.
   */
  public static String command(String user) {
    return "sacctmgr -n -P show assoc where user=" + ShellQuote.quote(user) + " format=" + FORMAT;
  }

  static Check run(CommandRunner runner, String user, String account, String partition) {
    String command = command(user);
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      return Check.warn(CheckName.ACCOUNT, "`" + command + "` failed: " + result.lastErrorLine());
    }
    return AccountCheck.judge(
        SacctmgrAssociationParser.parse(command, result.stdout(), user),
        user,
        account,
        partition,
        "account",
        "partition");
  }
}
