package io.examlops.fleet.scheduler;

import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.function.Function;

/**
 * How a scheduler reached through a shell takes a job: the output's directory is checked first
 * ({@link OutputDirectory}), then the submit command runs with the rendered script on its stdin. A
 * submit command that is not there is a failure of the cluster, not an answer about the job; every
 * other reply is the scheduler's, for its own parser to read.
 */
public final class ShellSubmission {
  private ShellSubmission() {}

  /**
   * @param command the submit command line
   * @param script renders the job script, after the directory check
   * @throws BackendException when the submit command is not on the login's PATH
   */
  public static CommandResult send(
      CommandRunner runner, JobSpec request, String command, Function<JobSpec, byte[]> script) {
    OutputDirectory.require(runner, request.output());
    CommandResult result = runner.run(command, script.apply(request));
    if (result.commandNotFound()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return result;
  }
}
