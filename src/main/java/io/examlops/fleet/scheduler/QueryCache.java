package io.examlops.fleet.scheduler;

import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ForwardingRunner;
import java.util.HashMap;
import java.util.Map;

/**
 * Answers a repeated read-only query from the first answer, within one detection: probes check
 * availability and then read the same version line again, and neither costs a second round trip.
 * Only for discovery, whose commands have no side effects and whose answers cannot change within
 * the run; never for submission or tracking.
 */
public final class QueryCache extends ForwardingRunner {
  private final Map<String, CommandResult> answers = new HashMap<>();

  /** The underlying runner belongs to the caller. */
  public QueryCache(CommandRunner runner) {
    super(runner);
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    if (stdin.length > 0) {
      return runner.run(command, stdin);
    }
    return answers.computeIfAbsent(command, c -> runner.run(c, stdin));
  }
}
