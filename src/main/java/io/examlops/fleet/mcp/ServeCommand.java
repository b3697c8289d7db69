package io.examlops.fleet.mcp;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.Variables;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code exa mcp serve}: an MCP server on stdin and stdout until stdin closes. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the fleet's tools over MCP on stdin/stdout (one JSON-RPC message per line) until"
          + " stdin closes, then exit 0. Log lines go to stderr only.",
      "Read tools always: hpc_clusters, hpc_nodes, hpc_place, hpc_jobs, hpc_capacity,"
          + " hpc_queue, hpc_preflight, hpc_job, hpc_job_logs. The write tools hpc_approve_cluster and"
          + " hpc_reject_cluster exist only with --allow-writes or $EXAMLOPS_MCP_ALLOW_WRITES=1,"
          + " and are audited with the acting user and the surface mcp:<client name>."
    })
final class ServeCommand implements Callable<Integer> {
  /** Enables the write tools when {@code 1} (or {@code true}). */
  static final String ALLOW_WRITES_VARIABLE = Variables.MCP_ALLOW_WRITES;

  /** Who is acting, as for the CLI; defaults to the operating-system user. */
  static final String ACTOR_VARIABLE = Variables.ACTOR;

  static final String VERSION = io.examlops.fleet.settings.ProductVersion.get();

  @ParentCommand McpCommand parent;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--allow-writes",
      description =
          "Offer the governance write tools (approve, reject) to the client. Default: $"
              + ALLOW_WRITES_VARIABLE
              + ", else read-only.")
  boolean allowWrites;

  @Override
  public Integer call() {
    boolean writes = allowWrites || writesFromEnvironment();
    FleetTools tools = new FleetTools(parent.fleet.get(), parent.clock, user());
    FleetMcpServer server = new FleetMcpServer(tools, WriteAccess.of(writes));
    // stdout is the protocol: whatever else would print there goes to stderr instead.
    PrintStream stdout =
        new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    PrintStream previous = System.out;
    System.setOut(System.err);
    try {
      server.serve(new FileInputStream(FileDescriptor.in), stdout, VERSION);
    } finally {
      System.setOut(previous);
    }
    return 0;
  }

  /**
   * Who started the server, recorded beside each client's name: {@code EXAMLOPS_ACTOR}, else the
   * operating-system user, as for the CLI.
   */
  private String user() {
    String actor = parent.env.get(ACTOR_VARIABLE);
    String user = actor == null || actor.isBlank() ? System.getProperty("user.name") : actor;
    try {
      return new Actor(user, Actor.MCP).name();
    } catch (FleetException e) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          ACTOR_VARIABLE
              + ": "
              + e.getMessage()
              + "; set it to a user name, or unset it to use"
              + " the operating-system user");
    }
  }

  private boolean writesFromEnvironment() {
    String value = parent.env.get(ALLOW_WRITES_VARIABLE);
    if (value == null || value.isBlank()) {
      return false;
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "1", "true" -> true;
      case "0", "false" -> false;
      default ->
          throw new CommandLine.ParameterException(
              spec.commandLine(),
              ALLOW_WRITES_VARIABLE
                  + " is "
                  + io.examlops.fleet.model.Printable.quoted(value)
                  + ": set it to 1 to offer the write tools, or to 0 (or unset it) for a read-only"
                  + " server");
    };
  }
}
