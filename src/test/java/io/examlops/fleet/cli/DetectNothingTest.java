package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exa hpc detect} on a machine with no scheduler: a real process whose PATH holds none of
 * flux, sinfo and nvidia-smi.
 */
class DetectNothingTest {
  @TempDir Path emptyPath;
  @TempDir Path home;

  private Result exa(String... args) throws Exception {
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>();
    command.add(javaBin);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Exa.class.getName());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().clear();
    builder.environment().put("PATH", emptyPath.toString());
    builder.environment().put("HOME", home.toString());
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Result(process.exitValue(), out, err);
  }

  private record Result(int exitCode, String out, String err) {}

  @Test
  void saysSoPlainlyAndSuggestsTheMockBackend() throws Exception {
    Result run = exa("hpc", "detect");

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
    Result run = exa("--json", "hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc detect", run.out());
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out());
    assertThat(json.get("found").asBoolean()).isFalse();
    assertThat(json.get("scheduler").asText()).isEqualTo("none");
    assertThat(json.get("capabilities").isNull()).isTrue();
    assertThat(json.get("suggested").get("scheduler").asText()).isEqualTo("mock");
  }
}
