package io.examlops.fleet.scheduler.flux;

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
 * Discovers a Flux instance with read-only commands ({@link FluxCommands}), all through the one
 * runner (one SSH connection) it is given.
 *
 * <p>Commands per call, on flux-core 0.52+: {@link #inventory} and {@link #capabilities} run 7
 * ({@code flux version}, {@code flux resource R -s all}, {@code flux resource R -s allocated},
 * {@code flux resource status ...}, {@code flux config get}, {@code flux queue status}, {@code flux
 * account list-banks}); {@link #listNodes} runs the first 5; {@link #available} runs {@code flux
 * version} and, unless that already shows a broker, {@code flux getattr size}. Before 0.52 the two
 * R commands are one {@code flux resource list} command. Callers that need both capabilities and
 * nodes should call {@link #inventory} once.
 */
public final class FluxProbe implements SchedulerProbe {

  /**
   * Whether Flux answers, and why not when it does not.
   *
   * @param available whether an instance is reachable
   * @param reason what was found, in words (for the user)
   */
  public record Availability(boolean available, String reason) {}

  @Override
  public SchedulerKind kind() {
    return FluxAdapter.KIND;
  }

  @Override
  public boolean available(CommandRunner runner) {
    return check(runner).available();
  }

  /**
   * {@link #check} as detection reports it: flux-core installed with no instance answering is its
   * own case; a {@code flux} that is not flux-core (FluxCD's has the same name) is absent.
   */
  @Override
  public ProbeStatus status(CommandRunner runner) {
    Availability availability = check(runner);
    ProbeStatus.State state =
        availability.available()
            ? ProbeStatus.State.ANSWERS
            : isFluxCore(runner) ? ProbeStatus.State.NOT_ANSWERING : ProbeStatus.State.ABSENT;
    return new ProbeStatus(kind(), state, availability.reason());
  }

  private static boolean isFluxCore(CommandRunner runner) {
    CommandResult version = runner.run(FluxCommands.VERSION);
    if (!version.ok()) {
      return false;
    }
    try {
      FluxVersion.parse(FluxCommands.VERSION, version.stdout());
      return true;
    } catch (ProbeException e) {
      return false;
    }
  }

  @Override
  public String notAnsweringDetail(CommandRunner runner) {
    return ": " + check(runner).reason();
  }

  /** {@link #available} with the reason, e.g. that flux is installed but no broker answers. */
  public Availability check(CommandRunner runner) {
    CommandResult version = runner.run(FluxCommands.VERSION);
    if (version.commandNotFound()) {
      return new Availability(false, "flux is not installed on " + runner.target());
    }
    if (!version.ok()) {
      return new Availability(false, "`flux version` failed: " + version.lastErrorLine());
    }
    FluxVersion parsed;
    try {
      parsed = FluxVersion.parse(FluxCommands.VERSION, version.stdout());
    } catch (ProbeException e) {
      return new Availability(false, e.getMessage());
    }
    if (parsed.brokerAnswered()) {
      return new Availability(true, "flux-core " + parsed.reported() + " instance answers");
    }
    CommandResult reach = runner.run(FluxCommands.REACHABLE);
    if (!reach.ok()) {
      return new Availability(false, unreachable(runner, parsed, reach));
    }
    return new Availability(true, "flux-core " + parsed.commands() + " instance answers");
  }

  /**
   * The URI of the instance that answers here ({@code FLUX_URI} as {@code flux version} prints it),
   * or {@code null} when FLUX_URI is unset and the host's default instance answers.
   */
  public String instanceUri(CommandRunner runner) {
    CommandResult version = runner.run(FluxCommands.VERSION);
    return version.ok() ? FluxVersion.parse(FluxCommands.VERSION, version.stdout()).uri() : null;
  }

  @Override
  public List<NodeInfo> listNodes(CommandRunner runner) {
    return scan(runner, false).nodes().nodes();
  }

  /** Everything in one pass: version, nodes, queues, their state and accounting (7 on 0.52+). */
  public FluxInventory inventory(CommandRunner runner) {
    return scan(runner, true);
  }

  @Override
  public Survey survey(CommandRunner runner) {
    FluxInventory inventory = inventory(runner);
    return new Survey(inventory.caps(), inventory.nodes().nodes(), inventory.warnings());
  }

  private FluxInventory scan(CommandRunner runner, boolean withAccounting) {
    CommandResult versionResult = runner.run(FluxCommands.VERSION);
    if (!versionResult.ok()) {
      throw new ProbeException(
          versionResult.commandNotFound()
              ? "flux is not installed on " + runner.target() + " (`flux version` not found)"
              : "`flux version` failed on "
                  + runner.target()
                  + ": "
                  + versionResult.lastErrorLine());
    }
    FluxVersion version = FluxVersion.parse(FluxCommands.VERSION, versionResult.stdout());
    FluxRelease release = version.release();
    if (release.compareTo(FluxCommands.OLDEST) < 0) {
      throw new ProbeException(
          "flux-core "
              + release
              + " on "
              + runner.target()
              + " is older than "
              + FluxCommands.OLDEST
              + ", the oldest release whose output this probe reads; upgrade flux-core");
    }
    List<String> warnings = new ArrayList<>();
    FluxResourceSet all;
    FluxResourceSet allocated;
    if (FluxCommands.hasResourceR(release)) {
      all = FluxRParser.parse(FluxCommands.R_ALL, required(runner, version, FluxCommands.R_ALL));
      allocated =
          FluxRParser.parse(
              FluxCommands.R_ALLOCATED, required(runner, version, FluxCommands.R_ALLOCATED));
    } else {
      var view =
          FluxListParser.parse(
              FluxCommands.LIST_FALLBACK, required(runner, version, FluxCommands.LIST_FALLBACK));
      all = view.all();
      allocated = view.allocated();
    }
    List<FluxStatusLine> status = status(runner, release, warnings);
    FluxQueues queues = queues(runner, release, warnings);
    FluxNodes nodes = FluxNodes.assemble(all, allocated, status, queues);
    FluxAccounting accounting = null;
    if (withAccounting) {
      queues = queues.withStates(queueStates(runner, warnings));
      accounting = FluxAccounting.classify(runner.run(FluxCommands.ACCOUNTING));
    }
    return new FluxInventory(version, nodes, queues, accounting, warnings);
  }

  /** The system view; without it every node is UNKNOWN (never idle), with a warning. */
  private static List<FluxStatusLine> status(
      CommandRunner runner, FluxRelease release, List<String> warnings) {
    var format = FluxStatusParser.Format.forRelease(release);
    String command = FluxCommands.status(format);
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      warnings.add(FluxCommands.failed(command, result) + ": node states are unknown");
      return null;
    }
    return FluxStatusParser.parse(command, format, result.stdout());
  }

  /** The queues; without them nodes have no partitions, with a warning. */
  private static FluxQueues queues(
      CommandRunner runner, FluxRelease release, List<String> warnings) {
    if (!FluxCommands.hasConfigGet(release)) {
      warnings.add("flux-core " + release + " has no `flux config get`: queues are not listed");
      return FluxQueues.NONE;
    }
    CommandResult result = runner.run(FluxCommands.CONFIG);
    if (!result.ok()) {
      warnings.add(FluxCommands.failed(FluxCommands.CONFIG, result) + ": queues are not listed");
      return FluxQueues.NONE;
    }
    return FluxConfigParser.parseQueues(FluxCommands.CONFIG, result.stdout())
        .withPolicies(FluxConfigParser.parsePolicies(FluxCommands.CONFIG, result.stdout()));
  }

  /**
   * Each queue's state, and a warning for each one that is disabled or stopped: idle nodes behind a
   * stopped queue do not start jobs, so the instance must not read as ready.
   */
  private static List<FluxQueueState> queueStates(CommandRunner runner, List<String> warnings) {
    CommandResult result = runner.run(FluxCommands.QUEUE_STATUS);
    if (!result.ok()) {
      warnings.add(
          FluxCommands.failed(FluxCommands.QUEUE_STATUS, result)
              + ": whether the queues take and start jobs is unknown");
      return List.of();
    }
    List<FluxQueueState> states =
        FluxQueueStatusParser.parse(FluxCommands.QUEUE_STATUS, result.stdout());
    for (FluxQueueState q : states) {
      if (!q.enabled()) {
        warnings.add(q.disabledInWords() + ": Flux refuses jobs submitted to it");
      }
      if (!q.started()) {
        warnings.add(
            q.stoppedInWords()
                + ": its jobs wait, idle nodes or not, until an admin runs flux queue start");
      }
    }
    return states;
  }

  private static String required(CommandRunner runner, FluxVersion version, String command) {
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      throw new ProbeException(
          result.stderr().contains("Unable to connect to Flux")
              ? unreachable(runner, version, result)
              : "`"
                  + command
                  + "` failed on "
                  + runner.target()
                  + " (exit "
                  + result.exitCode()
                  + "): "
                  + result.lastErrorLine());
    }
    return result.stdout();
  }

  private static String unreachable(CommandRunner runner, FluxVersion version, CommandResult r) {
    return "flux-core "
        + version.commands()
        + " is installed on "
        + runner.target()
        + " but no Flux instance is reachable ("
        + r.lastErrorLine()
        + "); run discovery against a host where the system instance runs, or set FLUX_URI"
        + " for the SSH user";
  }
}
