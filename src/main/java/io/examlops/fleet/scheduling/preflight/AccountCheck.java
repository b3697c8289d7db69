package io.examlops.fleet.scheduling.preflight;

import io.examlops.fleet.discovery.ProbeException;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.flux.FluxAccounting;
import io.examlops.fleet.scheduler.flux.FluxUserParser;
import io.examlops.fleet.scheduler.slurm.SacctmgrAssociationParser;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.List;

/**
 * Whether the job may charge the asked account (Slurm association, Flux bank). Only a present
 * accounting system can say no; without one the check passes with a note, never fails.
 */
final class AccountCheck {
  private AccountCheck() {}

  static Check run(
      CommandRunner runner,
      SchedulerKind scheduler,
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
      return switch (scheduler) {
        case SLURM -> slurm(runner, user, account, partition);
        case FLUX -> flux(runner, user, account, partition);
        default ->
            Check.pass(
                CheckName.ACCOUNT,
                "no accounting for " + scheduler.label() + ": account not checked");
      };
    } catch (ProbeException e) {
      return Check.warn(CheckName.ACCOUNT, "account not checked: " + e.getMessage());
    }
  }

  private static Check slurm(CommandRunner runner, String user, String account, String partition) {
    String command = PreflightCommands.slurmAssociations(user);
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      return Check.warn(CheckName.ACCOUNT, "`" + command + "` failed: " + lastLine(result));
    }
    return judge(
        SacctmgrAssociationParser.parse(command, result.stdout(), user),
        user,
        account,
        partition,
        "account",
        "partition");
  }

  private static Check flux(CommandRunner runner, String user, String account, String partition) {
    String command = PreflightCommands.fluxUser(user);
    CommandResult result = runner.run(command);
    if (result.ok()) {
      return judge(
          FluxUserParser.parse(command, result.stdout()),
          user,
          account,
          partition,
          "bank",
          "queue");
    }
    if (result.stderr().contains("not found in association_table")) {
      return Check.fail(CheckName.ACCOUNT, "user " + user + " has no flux-accounting bank");
    }
    FluxAccounting state = FluxAccounting.classify(result);
    return switch (state.status()) {
      case NOT_INSTALLED ->
          Check.pass(CheckName.ACCOUNT, "flux-accounting is not installed: bank not checked");
      case SERVICE_NOT_RUNNING ->
          Check.warn(
              CheckName.ACCOUNT,
              "flux-accounting does not answer (" + state.detail() + "): bank not checked");
      default -> Check.warn(CheckName.ACCOUNT, "`" + command + "` failed: " + state.detail());
    };
  }

  private static Check judge(
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

  private static String lastLine(CommandResult result) {
    return result
        .stderr()
        .strip()
        .lines()
        .reduce((a, b) -> b)
        .orElse("exit status " + result.exitCode());
  }
}
