package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a short command loads, read from the JVM's own class-loading log of a real {@code exa}
 * process: nothing of the libraries or commands it does not use (docs/performance.md, "Start-up").
 */
class StartupClassesTest {
  private static final List<String> LIBRARIES =
      List.of(
          "io.javalin.",
          "gg.jte.",
          "org.eclipse.jetty.",
          "io.modelcontextprotocol.",
          "com.jcraft.",
          "org.yaml.",
          "org.sqlite.",
          "com.fasterxml.jackson.",
          "ch.qos.logback.");

  @TempDir Path dir;

  private List<String> classesLoadedBy(String... args) throws Exception {
    Path log = dir.resolve("classes.log");
    ProcessBuilder builder =
        new ProcessBuilder(
            JavaCommand.of(
                Exa.class,
                List.of("-Xlog:disable", "-Xlog:class+load=info:file=" + log),
                List.of(args)));
    builder.environment().put("HOME", dir.resolve("home").toString());
    builder.environment().put("EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString());
    builder.environment().put("EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
    builder.environment().remove("XDG_CACHE_HOME");
    builder.environment().remove("EXAMLOPS_CACHE_DIR");
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.redirectError(dir.resolve("err").toFile());
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue())
        .as(Files.readString(dir.resolve("err"), StandardCharsets.UTF_8))
        .isZero();
    // a line: "[0.012s][info][class,load] java.lang.Object source: shared objects file"
    return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
        .map(line -> line.replaceFirst("^(\\[[^]]*])+ *", ""))
        .map(line -> line.split(" ", 2)[0])
        .toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version", "--help"})
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void versionAndHelpLoadNoLibraryAndNoCommandsOptions(String option) throws Exception {
    List<String> loaded = classesLoadedBy(option);

    assertThat(loaded).contains("io.examlops.fleet.cli.Exa", "picocli.CommandLine");
    assertThat(loaded).noneMatch(c -> LIBRARIES.stream().anyMatch(c::startsWith));
    assertThat(loaded)
        .as("of the console and MCP, only their command declarations (for the help's list)")
        .filteredOn(c -> c.startsWith("io.examlops.fleet.console.") || c.contains(".mcp."))
        .allMatch(c -> c.endsWith("Command"));
    assertThat(loaded)
        .as("the options of commands not run")
        .doesNotContain(
            "io.examlops.fleet.cli.SubmitOptions", "io.examlops.fleet.cli.ConnectionOptions");
  }

  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void clustersFromTheCachedLibraryStartsNoProcessAndNoServer() throws Exception {
    classesLoadedBy("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");

    List<String> loaded = classesLoadedBy("hpc", "clusters");

    assertThat(loaded).contains("io.examlops.fleet.cli.ClustersCommand", "org.sqlite.JDBC");
    assertThat(loaded)
        .as("the driver's platform detection (a uname process) is skipped")
        .doesNotContain("org.sqlite.util.OSInfo", "java.lang.ProcessBuilder");
    assertThat(loaded)
        .noneMatch(c -> c.startsWith("io.javalin.") || c.startsWith("com.jcraft."))
        .doesNotContain(
            "io.examlops.fleet.cli.SubmitOptions", "io.examlops.fleet.cli.ConnectionOptions");
  }
}
