package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.AccountCheck;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;

/** Preflight's account check on Flux: the user's flux-accounting banks. */
public final class FluxBankCheck {
  /** The flux-accounting fields asked for; the header line names them, so the order is free. */
  static final String FORMAT =
      "{username}|{userid}|{bank}|{default_bank}|{shares}|{fairshare}|{max_running_jobs}"
          + "|{max_active_jobs}|{queues}";

  private FluxBankCheck() {}

  /**
   * The user's flux-accounting rows, one per bank (flux-accounting 0.60 and later print a header).
   */
  public static String command(String user) {
    return "flux account view-user -o " + ShellQuote.quote(FORMAT) + " " + ShellQuote.quote(user);
  }

  static Check run(CommandRunner runner, String user, String account, String partition) {
    String command = command(user);
    CommandResult result = runner.run(command);
    if (result.ok()) {
      return AccountCheck.judge(
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
}
