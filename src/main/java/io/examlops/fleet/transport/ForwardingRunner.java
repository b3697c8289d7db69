package io.examlops.fleet.transport;

import java.util.Objects;
import java.util.Optional;

/**
 * A runner that passes everything on to another one, for wrappers that change one part of it (the
 * command, the API's acting user, the count of commands run). Closing it closes nothing: the runner
 * belongs to whoever lent it; a wrapper that owns its runner overrides {@link #close}.
 */
public abstract class ForwardingRunner implements CommandRunner {
  /** The runner this one passes on to. */
  protected final CommandRunner runner;

  protected ForwardingRunner(CommandRunner runner) {
    this.runner = Objects.requireNonNull(runner, "runner");
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    return runner.run(command, stdin);
  }

  @Override
  public String target() {
    return runner.target();
  }

  @Override
  public Optional<HttpApi> api() {
    return runner.api();
  }

  @Override
  public int commandsRun() {
    return runner.commandsRun();
  }

  @Override
  public void close() {}
}
