package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Slurm cluster with side-effect-free client commands only.
 *
 * <p>Round trips (each a command on the runner's one connection): {@link #available} runs {@value
 * #VERSION_COMMAND}; {@link #listNodes} runs the rich node listing ({@link SinfoFormat#RICH}),
 * falling back to {@value #JSON_COMMAND} and then {@link SinfoFormat#PLAIN} only when a sinfo
 * rejects the form before; {@link #capabilities} runs the version, the node listing and {@value
 * #ACCOUNTING_COMMAND}: three on a current Slurm.
 */
public final class SlurmProbe implements SchedulerProbe {
  public static final String VERSION_COMMAND = "sinfo --version";
  public static final String JSON_COMMAND = "sinfo -N --json";
  public static final String ACCOUNTING_COMMAND = "sacctmgr -n -P show account";
  public static final String PING_COMMAND = "scontrol ping";
  public static final String CONFIG_COMMAND = "scontrol show config";

  @Override
  public SchedulerKind kind() {
    return SlurmAdapter.KIND;
  }

  /**
   * Whether sinfo runs and says it is Slurm. It does not ask slurmctld: a cluster whose controller
   * is down is still a Slurm cluster, and {@link #listNodes} then says what is wrong.
   */
  @Override
  public boolean available(CommandRunner runner) {
    CommandResult result = runner.run(VERSION_COMMAND);
    if (!result.ok()) {
      return false;
    }
    try {
      SlurmVersion.parse(result.stdout());
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Installed or not, and whether its controller answers: {@value #PING_COMMAND} answers at once
   * where the node listing would retry a dead controller for about ten seconds. A ping that cannot
   * run (no scontrol) decides nothing; the listing then says what is wrong.
   */
  @Override
  public ProbeStatus status(CommandRunner runner) {
    CommandResult result = runner.run(VERSION_COMMAND);
    if (result.commandNotFound()) {
      return new ProbeStatus(
          kind(), ProbeStatus.State.ABSENT, "sinfo is not installed on " + runner.target());
    }
    if (!result.ok()) {
      // Installed but failing (e.g. an unreadable slurm.conf): say what Slurm said, not "absent".
      return new ProbeStatus(
          kind(),
          ProbeStatus.State.NOT_ANSWERING,
          SlurmCommandFailure.exception(runner.target(), result).getMessage());
    }
    SlurmVersion version;
    try {
      version = SlurmVersion.parse(complete(runner, result).stdout());
    } catch (IllegalArgumentException | ProbeException e) {
      return new ProbeStatus(
          kind(),
          ProbeStatus.State.ABSENT,
          "`" + VERSION_COMMAND + "` on " + runner.target() + " does not name a Slurm release");
    }
    CommandResult ping = runner.run(PING_COMMAND);
    if (ControllerPing.allDown(ping.stdout())) {
      return new ProbeStatus(
          kind(),
          ProbeStatus.State.NOT_ANSWERING,
          "Slurm "
              + version.release()
              + " is installed on "
              + runner.target()
              + ", but its controller does not answer (`"
              + PING_COMMAND
              + "`: "
              + String.join("; ", ControllerPing.controllers(ping.stdout()))
              + "); start slurmctld, or check SlurmctldHost in slurm.conf"
              + " (or SLURM_CONF) on that host");
    }
    return new ProbeStatus(
        kind(), ProbeStatus.State.ANSWERS, "Slurm " + version.release() + " answers");
  }

  /** Version, one node listing and the accounting check: three queries. */
  @Override
  public Survey survey(CommandRunner runner) {
    SlurmVersion version = version(runner);
    SinfoSnapshot snapshot = snapshot(runner);
    ClusterCaps caps =
        ClusterCaps.summarize(
            SlurmAdapter.KIND,
            version.release(),
            snapshot.nodes(),
            snapshot.partitions(),
            accounting(runner));
    return new Survey(caps, snapshot.nodes(), List.of());
  }

  @Override
  public List<NodeInfo> listNodes(CommandRunner runner) {
    return snapshot(runner).nodes();
  }

  /**
   * Whether this Slurm also takes JWTs ({@code AuthAltTypes=auth/jwt} in {@value #CONFIG_COMMAND}),
   * so that where the site runs slurmrestd it can be reached through it: one more query, asked by
   * detection only.
   */
  @Override
  public List<String> otherWaysIn(CommandRunner runner) {
    CommandResult config = runner.run(CONFIG_COMMAND);
    if (!config.ok() || !takesJwt(config.stdout())) {
      return List.of();
    }
    return List.of(
        "this Slurm also takes JWTs (AuthAltTypes=auth/jwt): where the site runs slurmrestd, it"
            + " can be reached through it instead of SSH (exa hpc connect https://HOST:PORT"
            + " --user USER --token-file FILE; docs/rest.md)");
  }

  /** Whether {@value #CONFIG_COMMAND}'s {@code AuthAltTypes} line names {@code auth/jwt}. Pure. */
  static boolean takesJwt(String showConfig) {
    return showConfig
        .lines()
        .map(String::strip)
        .filter(l -> l.startsWith("AuthAltTypes"))
        .anyMatch(l -> l.contains("auth/jwt"));
  }

  /** The Slurm release; a clear {@link ProbeException} when sinfo cannot tell it. */
  public SlurmVersion version(CommandRunner runner) {
    CommandResult result = complete(runner, runner.run(VERSION_COMMAND));
    try {
      return SlurmVersion.parse(result.stdout());
    } catch (IllegalArgumentException e) {
      throw ProbeException.badLine(
          VERSION_COMMAND,
          1,
          result.stdout().strip().lines().findFirst().orElse(""),
          e.getMessage());
    }
  }

  /**
   * Nodes and partitions. Tries the rich text form first (GresUsed, long states, time limits); a
   * sinfo that rejects it gets the JSON form (21.08+, also has GresUsed), then the plain text form.
   * Failures no form can get around (no Slurm, no config, controller down) stop at once.
   */
  public SinfoSnapshot snapshot(CommandRunner runner) {
    List<CommandResult> failures = new ArrayList<>();
    CommandResult rich = runner.run(SinfoFormat.RICH.command());
    if (rich.ok()) {
      return SinfoTextParser.parse(SinfoFormat.RICH, complete(runner, rich).stdout());
    }
    stopIfFatal(runner, rich);
    failures.add(rich);
    CommandResult json = runner.run(JSON_COMMAND);
    if (json.ok()) {
      return SinfoJsonParser.parse(JSON_COMMAND, complete(runner, json).stdout()).snapshot();
    }
    stopIfFatal(runner, json);
    failures.add(json);
    CommandResult plain = runner.run(SinfoFormat.PLAIN.command());
    if (plain.ok()) {
      return SinfoTextParser.parse(SinfoFormat.PLAIN, complete(runner, plain).stdout());
    }
    failures.add(plain);
    StringBuilder message =
        new StringBuilder("no form of sinfo worked on " + runner.target() + ":");
    failures.forEach(
        f ->
            message
                .append("\n  ")
                .append(SlurmCommandFailure.exception(runner.target(), f).getMessage()));
    throw new ProbeException(message.toString());
  }

  /**
   * Whether Slurm accounting (slurmdbd) answers. A cluster without accounting makes sacctmgr fail
   * ("You are not running a supported accounting_storage plugin"); that is an answer, not an error,
   * and so is a missing sacctmgr.
   */
  public boolean accounting(CommandRunner runner) {
    return runner.run(ACCOUNTING_COMMAND).ok();
  }

  private static void stopIfFatal(CommandRunner runner, CommandResult result) {
    if (SlurmCommandFailure.cause(result).fatal()) {
      throw SlurmCommandFailure.exception(runner.target(), result);
    }
  }

  /** Refuses a result cut at the runner's size cap: a partial node list would undercount. */
  private static CommandResult complete(CommandRunner runner, CommandResult result) {
    if (!result.ok()) {
      throw SlurmCommandFailure.exception(runner.target(), result);
    }
    if (result.truncated()) {
      throw new ProbeException(
          "`"
              + result.command()
              + "` printed more than the runner keeps on "
              + runner.target()
              + "; raise the runner's output limit so that no node is left out");
    }
    return result;
  }
}
