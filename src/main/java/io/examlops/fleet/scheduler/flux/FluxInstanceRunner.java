package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ForwardingRunner;
import io.examlops.fleet.transport.ShellQuote;

/**
 * Runs every command against one Flux instance: {@code FLUX_URI} is set to the cluster's instance
 * (or removed, for the host's default instance) in the shell that runs the command, so that the
 * caller's own {@code FLUX_URI}, or the SSH user's, never decides which instance answers.
 */
public final class FluxInstanceRunner extends ForwardingRunner {
  private final String prefix;
  private final String instance;

  /**
   * @param uri the instance's URI, validated by {@link FluxUri#check}; {@code null} for the host's
   *     default (system) instance
   */
  public FluxInstanceRunner(CommandRunner runner, String uri) {
    super(runner);
    this.instance = uri == null ? "the default Flux instance (FLUX_URI unset)" : uri;
    this.prefix =
        uri == null
            ? "unset FLUX_URI; "
            : "FLUX_URI=" + ShellQuote.quote(FluxUri.check(uri)) + "; export FLUX_URI; ";
  }

  /** The shell text put before each command. */
  public String prefix() {
    return prefix;
  }

  /**
   * Runs the command against the instance. When no broker answers there, Flux's own words are kept
   * and the instance this cluster is bound to is named before them.
   */
  @Override
  public CommandResult run(String command, byte[] stdin) {
    CommandResult result = runner.run(prefix + command, stdin);
    if (result.ok() || !noBroker(result.stderr())) {
      return result;
    }
    return new CommandResult(
        result.command(),
        result.exitCode(),
        result.stdout(),
        "the Flux instance this cluster is bound to, "
            + instance
            + ", does not answer on "
            + runner.target()
            + "; if it now runs at another URI, connect the cluster again and"
            + " have it approved. Flux said: "
            + result.stderr().strip(),
        result.truncated());
  }

  // "flux: flux_open: ..." (C commands), "Unable to connect to Flux: ..." (Python commands).
  private static boolean noBroker(String stderr) {
    return stderr.contains("flux_open:") || stderr.contains("Unable to connect to Flux");
  }

  /** The runner is this one's own. */
  @Override
  public void close() {
    runner.close();
  }
}
