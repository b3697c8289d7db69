package io.examlops.fleet.mcp;

import io.examlops.fleet.Fleet;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code exa mcp}: the fleet for agents, over the Model Context Protocol. */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = "Serve the fleet to agents over the Model Context Protocol (docs/mcp.md).",
    subcommands = ServeCommand.class)
public final class McpCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  final Map<String, String> env;
  final Clock clock;
  final Supplier<Fleet> fleet;

  /**
   * @param env the process environment, read once by the surface that starts the server
   * @param fleet the services, built from that environment on first use
   */
  public McpCommand(Map<String, String> env, Clock clock, Supplier<Fleet> fleet) {
    this.env = Map.copyOf(env);
    this.clock = clock;
    this.fleet = fleet;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
