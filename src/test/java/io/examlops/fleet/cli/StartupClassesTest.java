package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  private ClassLoggedExa.Run run(List<String> jvmOptions, Map<String, String> env, String... args)
      throws Exception {
    return ClassLoggedExa.run(
        dir,
        jvmOptions,
        environment -> {
          environment.put("HOME", dir.resolve("home").toString());
          environment.put("EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString());
          environment.put("EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
          environment.remove("XDG_CACHE_HOME");
          environment.remove("EXAMLOPS_CACHE_DIR");
          environment.remove("EXAMLOPS_LOG_LEVEL");
          environment.putAll(env);
        },
        args);
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
        .as("no idle sweep of SSH connections is started when no cluster is reached")
        .doesNotContain("io.examlops.fleet.transport.SharedRunners$ProcessWide");
    assertThat(loaded)
        .as("the default locale's number symbols are not loaded for a migration's number")
        .doesNotContain("java.text.DecimalFormatSymbols");
  }

  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void whatIsLoggedReachesStderrAsWhenLogbackIsBoundAtOnce() throws Exception {
    classesLoadedBy("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    Map<String, String> trace = Map.of("EXAMLOPS_LOG_LEVEL", "TRACE");

    ClassLoggedExa.Run lazy = run(List.of(), trace, "hpc", "clusters");
    ClassLoggedExa.Run logback =
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
    assertThat(lazy.err())
        .matches("(?s)(\\d\\d:\\d\\d:\\d\\d\\.\\d{3} TRACE o\\.s\\.core\\.NativeDB - [^\\n]*\\n)+")
        .contains("SELECT name, state");
    assertThat(withoutTimes(lazy.err())).isEqualTo(withoutTimes(logback.err()));
  }

  private static String withoutTimes(String stderr) {
    return stderr.replaceAll("(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ", "");
  }
}
