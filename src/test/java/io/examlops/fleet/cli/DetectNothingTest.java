package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exa hpc detect} on a machine with no scheduler: a real process whose PATH holds none of
 * flux, sinfo and nvidia-smi.
 */
class DetectNothingTest {
  @TempDir Path emptyPath;
  @TempDir Path home;

  private ExaRun exa(String... args) throws Exception {
    return ExaRun.process(
        Map.of("PATH", emptyPath.toString(), "HOME", home.toString()), List.of(args));
  }

  @Test
  void saysSoPlainlyAndSuggestsTheMockBackend() throws Exception {
    ExaRun run = exa("hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith("No scheduler found on local.")
        .contains("flux: not available")
        .contains("slurm: not available")
        .contains("mock backend")
        .contains("export EXAMLOPS_HPC_SCHEDULER=mock");
  }

  @Test
  void jsonSaysNothingWasFound() throws Exception {
    ExaRun run = exa("--json", "hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc detect", run.out());
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out());
    assertThat(json.get("found").asBoolean()).isFalse();
    assertThat(json.get("scheduler").asText()).isEqualTo("none");
    assertThat(json.get("capabilities").isNull()).isTrue();
    assertThat(json.get("suggested").get("scheduler").asText()).isEqualTo("mock");
  }
}
