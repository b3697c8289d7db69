package io.examlops.fleet.scheduler;

import io.examlops.fleet.transport.CommandRunner;
import java.util.List;

/**
 * Whether the job may charge the asked account (Slurm association, Flux bank). Only a present
 * accounting system can say no; without one the check passes with a note, never fails. The
 * scheduler's adapter asks its accounting; the verdict on what it answers is the same for all.
 */
public final class AccountCheck {
  private AccountCheck() {}

  public static Check run(
      CommandRunner runner,
      SchedulerAdapter scheduler,
      boolean accounting,
      String user,
      String account,
      String partition) {
    if (!accounting) {
      return Check.pass(CheckName.ACCOUNT, "no accounting on this cluster: account not checked");
    }
    if (user == null) {
      return Check.warn(CheckName.ACCOUNT, "the remote user is not known: account not checked");
    }
    try {
      return scheduler.accountCheck(runner, user, account, partition);
    } catch (ProbeException e) {
      return Check.warn(CheckName.ACCOUNT, "account not checked: " + e.getMessage());
    }
  }

  /**
   * The verdict on a user's associations (Slurm) or banks (Flux): {@code accountWord} and {@code
   * partitionWord} are the scheduler's words for them.
   */
  public static Check judge(
      List<Association> associations,
      String user,
      String account,
      String partition,
      String accountWord,
      String partitionWord) {
    List<String> accounts =
        associations.stream().map(Association::account).distinct().sorted().toList();
    if (associations.isEmpty()) {
      return Check.fail(
          CheckName.ACCOUNT, "user " + user + " has no " + accountWord + " on this cluster");
    }
    List<Association> matching =
        account == null
            ? associations
            : associations.stream().filter(a -> a.account().equals(account)).toList();
    if (matching.isEmpty()) {
      return Check.fail(
          CheckName.ACCOUNT,
          "user "
              + user
              + " may not charge "
              + accountWord
              + " "
              + account
              + " ("
              + accountWord
              + "s: "
              + String.join(", ", accounts)
              + ")");
    }
    if (matching.stream().noneMatch(a -> a.covers(partition))) {
      return Check.warn(
          CheckName.ACCOUNT,
          user
              + "'s "
              + accountWord
              + " "
              + matching.get(0).account()
              + " is limited to "
              + partitionWord
              + "s "
              + String.join(", ", matching.get(0).partitions())
              + "; "
              + partitionWord
              + " "
              + partition
              + " may be refused");
    }
    return Check.pass(
        CheckName.ACCOUNT,
        account == null
            ? "user " + user + " has " + accountWord + "s " + String.join(", ", accounts)
            : "user " + user + " may charge " + accountWord + " " + account);
  }
}
