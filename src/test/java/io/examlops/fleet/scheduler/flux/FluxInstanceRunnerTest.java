package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.ScriptedRunner;
import io.examlops.fleet.transport.ShellQuote;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command of a Flux cluster reaches its own instance, whatever FLUX_URI the caller has. */
class FluxInstanceRunnerTest {
  @TempDir Path dir;

  @Test
  void theInstanceOrItsAbsenceIsSetInTheShellThatRunsEachCommand() throws Exception {
    Path uri = dir.resolve("seen");
    try (CommandRunner runner =
        new FluxInstanceRunner(
            Endpoint.local(TransportOptions.DEFAULTS).open(), "local:///tmp/flux-XXXXXX/local-0")) {
      runner.run("sh -c 'echo \"$FLUX_URI\"' > " + ShellQuote.quote(uri.toString()));
    }
    assertThat(Files.readString(uri).strip()).isEqualTo("local:///tmp/flux-XXXXXX/local-0");
    try (CommandRunner runner =
        new FluxInstanceRunner(Endpoint.local(TransportOptions.DEFAULTS).open(), null)) {
      runner.run("sh -c 'echo \"${FLUX_URI-unset}\"' > " + ShellQuote.quote(uri.toString()));
    }
    assertThat(Files.readString(uri).strip()).as("the default instance").isEqualTo("unset");
  }

  @Test
  void aUriThatIsNotAFluxUriNeverReachesAShell() {
    ScriptedRunner inner = new ScriptedRunner();

    assertThatThrownBy(() -> new FluxInstanceRunner(inner, "local:///x'; rm -rf ~; '"))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("invalid Flux URI");
    assertThat(inner.commands()).isEmpty();
  }

  @Test
  void noBrokerAtTheInstanceIsSaidWithTheInstanceAndFlux_sWords() {
    ScriptedRunner inner = new ScriptedRunner();
    FluxInstanceRunner runner = new FluxInstanceRunner(inner, "local:///tmp/gone/local-0");
    inner.answer(
        runner.prefix() + "flux resource",
        1,
        "",
        Fixtures.flux("live-0.88/C-no-instance/04-resource-R.stderr"));

    CommandResult result = runner.run("flux resource R -s all");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.stderr())
        .startsWith(
            "the Flux instance this cluster is bound to, local:///tmp/gone/local-0, does"
                + " not answer on scripted;")
        .endsWith(
            "Flux said: flux-resource: ERROR: Unable to connect to Flux: broker socket"
                + " /run/flux/local was not found");
  }
}
