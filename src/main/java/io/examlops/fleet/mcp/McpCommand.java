package io.examlops.fleet.mcp;

import java.time.Clock;
import java.util.Map;
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

  /**
   * @param env the process environment, read once by the surface that starts the server
   */
  public McpCommand(Map<String, String> env, Clock clock) {
    this.env = Map.copyOf(env);
    this.clock = clock;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
