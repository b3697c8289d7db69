package io.examlops.fleet.scheduler;

import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.HashMap;
import java.util.Map;

/**
 * Answers a repeated read-only query from the first answer, within one detection: probes check
 * availability and then read the same version line again, and neither costs a second round trip.
 * Only for discovery, whose commands have no side effects and whose answers cannot change within
 * the run; never for submission or tracking.
 */
public final class QueryCache implements CommandRunner {
  private final CommandRunner runner;
  private final Map<String, CommandResult> answers = new HashMap<>();

  public QueryCache(CommandRunner runner) {
    this.runner = runner;
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    if (stdin.length > 0) {
      return runner.run(command, stdin);
    }
    return answers.computeIfAbsent(command, c -> runner.run(c, stdin));
  }

  @Override
  public String target() {
    return runner.target();
  }

  @Override
  public java.util.Optional<io.examlops.fleet.transport.HttpApi> api() {
    return runner.api();
  }

  /** Round trips that reached the host. */
  @Override
  public int commandsRun() {
    return runner.commandsRun();
  }

  /** The underlying runner belongs to the caller. */
  @Override
  public void close() {}
}
