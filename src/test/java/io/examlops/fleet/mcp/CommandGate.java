package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A slow cluster command that does not depend on the machine's speed: a stand-in for {@code nproc}
 * (the first command of the mock backend's node listing), first on the server's PATH, that says it
 * started (a file named after its process id) and then waits until the test opens the gate, before
 * it runs the real {@code nproc}. A test sees from the files which calls are running, and decides
 * when they may end.
 */
final class CommandGate implements AutoCloseable {
  private static final long BOUND_MILLIS = 120_000;

  private static final String SCRIPT =
      """
      #!/bin/sh
      echo $$ > "$EXA_TEST_GATE/started.$$.tmp" && mv "$EXA_TEST_GATE/started.$$.tmp" "$EXA_TEST_GATE/started.$$"
      while [ ! -e "$EXA_TEST_GATE/open" ]; do sleep 0.05; done
      exec /usr/bin/nproc "$@"
      """;

  private final Path dir;
  private final Path bin;

  private CommandGate(Path dir, Path bin) {
    this.dir = dir;
    this.bin = bin;
  }

  /** A closed gate in {@code root}. */
  static CommandGate in(Path root) throws IOException {
    Path dir = Files.createDirectories(root.resolve("gate"));
    Path bin = Files.createDirectories(root.resolve("gate-bin"));
    Path nproc = bin.resolve("nproc");
    Files.writeString(nproc, SCRIPT);
    Files.setPosixFilePermissions(nproc, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new CommandGate(dir, bin);
  }

  /** {@code env} with the stand-in first on PATH. */
  Map<String, String> env(Map<String, String> env) {
    Map<String, String> gated = new HashMap<>(env);
    gated.put("PATH", bin + ":/usr/local/bin:/usr/bin:/bin");
    gated.put("EXA_TEST_GATE", dir.toString());
    return gated;
  }

  /** Waits until {@code count} stand-ins have started; returns their process ids. */
  List<Long> awaitStarted(int count) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + BOUND_MILLIS;
    List<Long> started = started();
    while (started.size() < count && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
      started = started();
    }
    assertThat(started).as("stand-ins that started").hasSize(count);
    return started;
  }

  /** Waits until the process has ended; fails if it has not by the bound. */
  static void awaitEnd(long pid) throws InterruptedException {
    long deadline = System.currentTimeMillis() + BOUND_MILLIS;
    while (alive(pid) && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertThat(alive(pid)).as("process %s still runs", pid).isFalse();
  }

  /** Running, from /proc: a killed process whose parent has not reaped it yet is a zombie. */
  private static boolean alive(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state != 'Z' && state != 'X';
    } catch (IOException e) {
      return false;
    }
  }

  private List<Long> started() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.matches("started\\.[0-9]+"))
          .map(n -> Long.parseLong(n.substring("started.".length())))
          .toList();
    }
  }

  /** Lets every waiting stand-in, and every later one, go on. */
  void open() throws IOException {
    Files.writeString(dir.resolve("open"), "");
  }

  /** Opens the gate, so that no stand-in outlives the test. */
  @Override
  public void close() throws IOException {
    open();
  }
}
