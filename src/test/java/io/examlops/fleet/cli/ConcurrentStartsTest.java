package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.JavaCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many {@code exa} processes starting at once, as pipeline steps and agents start them: each must
 * print only its own output, never a library's stack trace.
 */
class ConcurrentStartsTest {
  private static final int PROCESSES = 16;
  private static final List<List<String>> COMMANDS =
      List.of(List.of("hpc", "clusters"), List.of("hpc", "jobs"), List.of("hpc", "audit"));

  @TempDir Path dir;

  @Test
  @Timeout(value = 240, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void concurrentStartsPrintNoStackTrace() throws Exception {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", dir.resolve("home").toString());
    env.put("EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString());
    env.put("EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    leaveWhatAKilledJvmLeaves(tmp);

    List<Process> processes = new ArrayList<>();
    List<Path> errs = new ArrayList<>();
    for (int i = 0; i < PROCESSES; i++) {
      Path err = dir.resolve("err-" + i);
      errs.add(err);
      processes.add(exa(env, tmp, COMMANDS.get(i % COMMANDS.size()), err).start());
    }
    for (int i = 0; i < PROCESSES; i++) {
      Process p = processes.get(i);
      assertThat(p.waitFor(200, TimeUnit.SECONDS)).isTrue();
      String stderr = Files.readString(errs.get(i), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(stderr).isZero();
      assertThat(stderr)
          .as("stderr of process %d", i)
          .doesNotContain("\tat ")
          .doesNotContain("Exception")
          .doesNotContain("SQLiteJDBCLoader");
    }
    try (var left = Files.list(tmp)) {
      assertThat(left).as("the driver copies nothing into java.io.tmpdir").hasSize(1);
    }
    try (var cached = Files.walk(dir.resolve("home/.cache/examlops/sqlite-jdbc"))) {
      assertThat(cached.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
          .as("one library, extracted once")
          .containsExactly("libsqlitejdbc.so");
    }
  }

  /**
   * sqlite-jdbc's loader deletes every earlier copy of its native library it finds in its temporary
   * directory and prints a stack trace when a delete fails; concurrent JVMs race for the same
   * copies (one deletes what another listed), which a short test hits too rarely (none in 48 starts
   * here). A copy whose delete always fails stands in for the lost race: the same path.
   */
  private static void leaveWhatAKilledJvmLeaves(Path tmp) throws IOException {
    Path stale = tmp.resolve("sqlite-" + sqliteJdbcVersion() + "-0-stale-libsqlitejdbc.so");
    Files.createDirectories(stale);
    Files.writeString(stale.resolve("held"), "");
  }

  private static String sqliteJdbcVersion() throws IOException {
    var props = new java.util.Properties();
    try (var in =
        ConcurrentStartsTest.class.getResourceAsStream(
            "/META-INF/maven/org.xerial/sqlite-jdbc/pom.properties")) {
      props.load(in);
    }
    return props.getProperty("version");
  }

  private static ProcessBuilder exa(
      Map<String, String> env, Path tmp, List<String> args, Path err) {
    ProcessBuilder builder =
        new ProcessBuilder(JavaCommand.of(Exa.class, List.of("-Djava.io.tmpdir=" + tmp), args));
    builder.environment().putAll(env);
    builder.environment().remove("XDG_CACHE_HOME");
    builder.environment().remove("EXAMLOPS_CACHE_DIR");
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.redirectError(err.toFile());
    return builder;
  }
}
