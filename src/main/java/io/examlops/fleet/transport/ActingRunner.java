package io.examlops.fleet.transport;

import java.util.Optional;

/** A runner whose API requests are made for one fleet user ({@link HttpApi#actingFor}). */
public final class ActingRunner implements CommandRunner {
  private final CommandRunner runner;
  private final HttpApi.Acting acting;

  public ActingRunner(CommandRunner runner, HttpApi.Acting acting) {
    this.runner = runner;
    this.acting = acting;
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    return runner.run(command, stdin);
  }

  @Override
  public Optional<HttpApi> api() {
    return runner.api().map(api -> api.actingFor(acting));
  }

  @Override
  public String target() {
    return runner.target();
  }

  @Override
  public int commandsRun() {
    return runner.commandsRun();
  }

  /** The runner belongs to whoever lent it. */
  @Override
  public void close() {}
}
