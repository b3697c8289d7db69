package io.examlops.fleet.transport;

import java.util.Optional;

/**
 * A runner whose API requests are made for one fleet user ({@link HttpApi#actingFor}). The runner
 * belongs to whoever lent it.
 */
public final class ActingRunner extends ForwardingRunner {
  private final HttpApi.Acting acting;

  public ActingRunner(CommandRunner runner, HttpApi.Acting acting) {
    super(runner);
    this.acting = acting;
  }

  @Override
  public Optional<HttpApi> api() {
    return runner.api().map(api -> api.actingFor(acting));
  }
}
