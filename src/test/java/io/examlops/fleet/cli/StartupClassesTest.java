package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
          "ch.qos.logback.",
          "org.slf4j.");

  @TempDir Path dir;

  private List<String> classesLoadedBy(String... args) throws Exception {
    return run(List.of(), Map.of(), args).classes();
  }

  /** What one {@code exa} process loaded, and what it wrote on stderr. */
  private record Run(List<String> classes, String stderr) {}

  private Run run(List<String> jvmOptions, Map<String, String> env, String... args)
      throws Exception {
    Path log = dir.resolve("classes.log");
    List<String> options = new ArrayList<>(jvmOptions);
    options.addAll(List.of("-Xlog:disable", "-Xlog:class+load=info:file=" + log));
    ProcessBuilder builder = new ProcessBuilder(JavaCommand.of(Exa.class, options, List.of(args)));
    builder.environment().put("HOME", dir.resolve("home").toString());
    builder.environment().put("EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString());
    builder.environment().put("EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
    builder.environment().remove("XDG_CACHE_HOME");
    builder.environment().remove("EXAMLOPS_CACHE_DIR");
    builder.environment().remove("EXAMLOPS_LOG_LEVEL");
    builder.environment().putAll(env);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.redirectError(dir.resolve("err").toFile());
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String stderr = Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(stderr).isZero();
    // a line: "[0.012s][info][class,load] java.lang.Object source: shared objects file"
    List<String> classes =
        Files.readAllLines(log, StandardCharsets.UTF_8).stream()
            .map(line -> line.replaceFirst("^(\\[[^]]*])+ *", ""))
            .map(line -> line.split(" ", 2)[0])
            .toList();
    return new Run(classes, stderr);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version", "--help", "hpc --help"})
  @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void versionAndHelpLoadNoLibraryAndNoCommandsOptions(String line) throws Exception {
    List<String> loaded = classesLoadedBy(line.split(" "));

    assertThat(loaded).contains("io.examlops.fleet.cli.Exa");
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
    assertThat(loaded)
        .as("the stored capabilities are read without databind")
        .contains("io.examlops.fleet.registry.GovernanceJson")
        .noneMatch(c -> c.startsWith("com.fasterxml.jackson.databind."));
    assertThat(loaded)
        .as("logback is not started when nothing is logged")
        .contains("io.examlops.fleet.cli.LazyLogging$Deferred")
        .doesNotContain("ch.qos.logback.classic.LoggerContext");
    assertThat(loaded)
        .as("the default locale's number symbols are not loaded for a migration's number")
        .doesNotContain("java.text.DecimalFormatSymbols");
  }

  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void whatIsLoggedReachesStderrAsWhenLogbackIsBoundAtOnce() throws Exception {
    classesLoadedBy("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    Map<String, String> trace = Map.of("EXAMLOPS_LOG_LEVEL", "TRACE");

    Run lazy = run(List.of(), trace, "hpc", "clusters");
    Run logback =
        run(
            List.of(
                "-Dslf4j.provider=ch.qos.logback.classic.spi.LogbackServiceProvider",
                "-Dslf4j.internal.verbosity=WARN"),
            trace,
            "hpc",
            "clusters");

    assertThat(lazy.classes())
        .contains(
            "io.examlops.fleet.cli.LazyLogging$Deferred", "ch.qos.logback.classic.LoggerContext");
    assertThat(logback.classes()).doesNotContain("io.examlops.fleet.cli.LazyLogging$Deferred");
    assertThat(lazy.stderr())
        .matches("(?s)(\\d\\d:\\d\\d:\\d\\d\\.\\d{3} TRACE o\\.s\\.core\\.NativeDB - [^\\n]*\\n)+")
        .contains("SELECT name, state");
    assertThat(withoutTimes(lazy.stderr())).isEqualTo(withoutTimes(logback.stderr()));
  }

  private static String withoutTimes(String stderr) {
    return stderr.replaceAll("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ", "");
  }
}
