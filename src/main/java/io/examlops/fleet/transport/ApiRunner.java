package io.examlops.fleet.transport;

import java.util.Optional;

/**
 * A cluster reached through its HTTP API instead of a shell: the scheduler's adapter asks the API
 * ({@link #api()}); a command (a job's output, a directory check) has nowhere to run, and says so
 * as a shell would say a command is missing, so that what only commands can do reports why it
 * cannot.
 */
final class ApiRunner implements CommandRunner {
  /** The exit status a shell gives a command it cannot find. */
  static final int NO_SHELL = 127;

  private final HttpApi api;

  ApiRunner(ApiTarget target) {
    this.api = new HttpApi(target);
  }

  @Override
  public Optional<HttpApi> api() {
    return Optional.of(api);
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    return new CommandResult(
        command,
        NO_SHELL,
        "",
        target()
            + " is reached through its HTTP API, which runs no commands: `"
            + command.lines().findFirst().orElse("")
            + "` cannot run there",
        false);
  }

  @Override
  public String target() {
    return api.target().label();
  }

  @Override
  public int commandsRun() {
    return api.requestsSent();
  }

  @Override
  public void close() {
    // the HTTP client's pooled connections close when it is collected
  }
}
