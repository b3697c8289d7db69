package io.examlops.fleet.cli;

import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.testing.JavaCommand;
import io.examlops.fleet.testing.StopAt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code exa} in a process of its own (the test class path, {@link Exa#main}; {@link
 * ExaWithWriteStops} when it is to stop at a write step), with exactly the environment given: what
 * users and CI scripts run, exit code and streams included.
 */
public final class ExaProcess {
  private final Map<String, String> env;

  /** The write step the process stops at ({@code STEP} or {@code STEP@MILLIS}); null for none. */
  private final String crashPoint;

  /** How far the process's clock is ahead of the real one; null for not at all. */
  private final Duration clockAhead;

  private ExaProcess(Map<String, String> env, String crashPoint, Duration clockAhead) {
    this.env = env;
    this.crashPoint = crashPoint;
    this.clockAhead = clockAhead;
  }

  /** {@code exa} with this environment (PATH is added when absent, so the mock backend runs). */
  public static ExaProcess with(Map<String, String> env) {
    return new ExaProcess(env, null, null);
  }

  /** {@code exa} on the given stores, with HOME and the acting user (ann) set. */
  public static ExaProcess onStores(Path home, Path clustersYaml, Path platformDb) {
    return with(
        Map.of(
            "HOME", home.toString(),
            "EXAMLOPS_HPC_REGISTRY", clustersYaml.toString(),
            "EXAMLOPS_PLATFORM_DB", platformDb.toString(),
            "EXAMLOPS_ACTOR", "ann"));
  }

  /** The same environment plus {@code name=value}. */
  public ExaProcess and(String name, String value) {
    Map<String, String> more = new java.util.HashMap<>(env);
    more.put(name, value);
    return new ExaProcess(more, crashPoint, clockAhead);
  }

  /** The same, stopping at {@code point} and waiting there to be killed. */
  public ExaProcess stoppingAt(WriteHook.WriteStep point) {
    return new ExaProcess(env, point.name(), clockAhead);
  }

  /** The same, its clock {@code ahead} of the real one (a period has passed, without waiting). */
  public ExaProcess clockAhead(Duration ahead) {
    return new ExaProcess(env, crashPoint, ahead);
  }

  /** What one run printed and returned. */
  public record Result(int exitCode, String out, String err) {
    /** stdout and stderr together, for "appears nowhere" checks. */
    public String all() {
      return out + "\n" + err;
    }
  }

  /** Runs {@code exa ARGS} to its end. */
  public Result run(String... args) throws IOException, InterruptedException {
    Path err = Files.createTempFile("exa-err", ".txt");
    try {
      Process p = builder(args).redirectError(err.toFile()).start();
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("exa " + String.join(" ", args) + " did not end in 120 s");
      }
      return new Result(p.exitValue(), out, Files.readString(err));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /**
   * Runs {@code exa ARGS} in this JVM on the same environment and stores, and fails unless it exits
   * 0: for the steps that only prepare what a test then runs as a process (connect, approve, a
   * first submission), where a JVM of their own would test nothing and cost a start each.
   */
  public void prepare(String... args) {
    if (crashPoint != null || clockAhead != null) {
      throw new IllegalStateException("prepare runs plain exa; stop points and clocks need run");
    }
    ExaRun run = ExaRun.run(environment(), args);
    if (run.exitCode() != 0) {
      throw new AssertionError(
          "exa " + String.join(" ", args) + " exited " + run.exitCode() + ":\n" + run.err());
    }
  }

  /**
   * Starts {@code exa ARGS} and leaves it running (a console, say), its stderr going to {@code
   * stderr}; the caller reads its stdout and ends it.
   */
  public Process start(Path stderr, String... args) throws IOException {
    Process p = builder(args).redirectError(stderr.toFile()).start();
    p.getOutputStream().close();
    return p;
  }

  /**
   * Runs {@code exa ARGS} until it reports reaching the crash point, then kills it with SIGKILL
   * (kill -9); fails when it ends without reaching it.
   */
  public void runAndKill(String... args) throws IOException, InterruptedException {
    if (crashPoint == null) {
      throw new IllegalStateException("no crash point: use stoppingAt(point)");
    }
    Path err = Files.createTempFile("exa-err", ".txt");
    try {
      Process p = builder(args).redirectError(err.toFile()).start();
      p.getOutputStream().close();
      StringBuilder seen = new StringBuilder();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = out.readLine()) != null && !line.equals("crashpoint " + crashPoint)) {
          seen.append(line).append('\n');
        }
        if (line == null) {
          p.waitFor();
          throw new AssertionError(
              "exa "
                  + String.join(" ", args)
                  + " ended (exit "
                  + p.exitValue()
                  + ") before "
                  + crashPoint
                  + ":\n"
                  + seen
                  + Files.readString(err));
        }
        p.destroyForcibly(); // SIGKILL on Unix: no shutdown hook, no finally block runs
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 137) {
          throw new AssertionError("exa was not killed by SIGKILL at " + crashPoint);
        }
      }
    } finally {
      Files.deleteIfExists(err);
    }
  }

  /**
   * Runs {@code exa ARGS}, pausing {@code millis} at the crash point, sends it SIGTERM there (how
   * Jenkins aborts a step) and returns what it did until it ended.
   */
  public Result runAndTerminate(long millis, String... args)
      throws IOException, InterruptedException {
    if (crashPoint == null) {
      throw new IllegalStateException("no crash point: use stoppingAt(point)");
    }
    String point = crashPoint;
    Path err = Files.createTempFile("exa-err", ".txt");
    try {
      Process p =
          new ExaProcess(env, point + "@" + millis, clockAhead)
              .builder(args)
              .redirectError(err.toFile())
              .start();
      p.getOutputStream().close();
      StringBuilder out = new StringBuilder();
      try (BufferedReader lines =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = lines.readLine()) != null && !line.equals("crashpoint " + point)) {
          out.append(line).append('\n');
        }
        if (line == null) {
          throw new AssertionError(
              "exa ended before " + point + ":\n" + out + Files.readString(err));
        }
        // SIGTERM (shutdown hooks run); Process.destroy() would also close the streams read here
        new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor();
        lines.lines().forEach(l -> out.append(l).append('\n'));
      }
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("exa did not end in 120 s after SIGTERM at " + point);
      }
      return new Result(p.exitValue(), out.toString(), Files.readString(err));
    } finally {
      Files.deleteIfExists(err);
    }
  }

  private ProcessBuilder builder(String... args) {
    List<String> options = new ArrayList<>();
    if (crashPoint != null) {
      options.add("-D" + StopAt.PROPERTY + "=" + crashPoint);
    }
    if (clockAhead != null) {
      options.add("-D" + ExaWithWriteStops.CLOCK_AHEAD + "=" + clockAhead);
    }
    Class<?> main = options.isEmpty() ? Exa.class : ExaWithWriteStops.class;
    ProcessBuilder builder = new ProcessBuilder(JavaCommand.of(main, options, List.of(args)));
    builder.environment().clear();
    builder.environment().putAll(environment());
    return builder;
  }

  private Map<String, String> environment() {
    Map<String, String> all = new java.util.HashMap<>();
    all.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    all.putAll(env);
    return all;
  }
}
