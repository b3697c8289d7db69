package io.examlops.fleet.cli;

import io.examlops.fleet.testing.JavaCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

/**
 * What one in-process {@code exa} invocation printed and returned.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
public record ExaRun(int exitCode, String out, String err) {

  /** A fleet of its own under {@code home}: registry, data directory, an actor, mock GPUs. */
  public static Map<String, String> fleetIn(Path home, String actor, int mockGpus) {
    return Map.of(
        "EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString(),
        "EXAMLOPS_DATA_DIR", home.resolve("data").toString(),
        "EXAMLOPS_ACTOR", actor,
        "EXAMLOPS_MOCK_GPUS", Integer.toString(mockGpus));
  }

  /** Runs {@code exa ARGS} with the given environment. */
  public static ExaRun run(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Exa.execute(args, env, new PrintWriter(out, true), new PrintWriter(err, true));
    return new ExaRun(code, out.toString(), err.toString());
  }

  /**
   * Runs {@code exa} with {@code head} then {@code tail} in a thread of its own and returns at
   * once: a test can wait for a line of its standard error (a job re-attached, say) and act on it
   * (open a {@code JobGate}) before the command ends.
   */
  public static Started start(Map<String, String> env, String[] head, String... tail) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(tail));
    String[] args = all.toArray(String[]::new);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    FutureTask<ExaRun> run =
        new FutureTask<>(
            () -> {
              int code =
                  Exa.execute(args, env, new PrintWriter(out, true), new PrintWriter(err, true));
              return new ExaRun(code, out.toString(), err.toString());
            });
    Thread thread = new Thread(run, "exa " + String.join(" ", args));
    thread.setDaemon(true);
    thread.start();
    return new Started(run, err);
  }

  /** An {@code exa} run under way (see {@link #start}). */
  public static final class Started {
    private final FutureTask<ExaRun> run;
    private final StringWriter err;

    private Started(FutureTask<ExaRun> run, StringWriter err) {
      this.run = run;
      this.err = err;
    }

    /** Waits until its standard error holds {@code text}; fails after 120 s or if it ended. */
    public void awaitErr(String text) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!err.toString().contains(text)) {
        if (run.isDone() || System.nanoTime() > deadline) {
          throw new AssertionError("exa never wrote '" + text + "'; its stderr:\n" + err);
        }
        Thread.sleep(50);
      }
    }

    /** What it printed and returned, once it ends; fails after 120 s. */
    public ExaRun result() throws Exception {
      return run.get(120, TimeUnit.SECONDS);
    }
  }

  /** Runs {@code exa} with {@code head} then {@code tail} as arguments. */
  public static ExaRun run(Map<String, String> env, String[] head, String... tail) {
    List<String> args = new ArrayList<>(List.of(head));
    args.addAll(List.of(tail));
    return run(env, args.toArray(String[]::new));
  }

  /**
   * Runs the real {@code exa} in a JVM of its own, with exactly this environment (nothing is
   * inherited) and stdin closed: what a user's shell would see.
   */
  public static ExaRun process(Map<String, String> env, List<String> args)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(JavaCommand.of(Exa.class, List.of(), args));
    builder.environment().clear();
    builder.environment().putAll(env);
    Path stderr = Files.createTempFile("exa-stderr", ".txt");
    try {
      builder.redirectError(stderr.toFile());
      Process process = builder.start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("exa " + args + " did not end within 120 s");
      }
      return new ExaRun(process.exitValue(), out, Files.readString(stderr));
    } finally {
      Files.deleteIfExists(stderr);
    }
  }
}
