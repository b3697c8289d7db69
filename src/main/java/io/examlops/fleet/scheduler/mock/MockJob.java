package io.examlops.fleet.scheduler.mock;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.BackendException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;

/**
 * One mock job as its directory shows it (layout in {@link MockBackend}). State rules: an {@code
 * exit} file means ended (0: completed; otherwise cancelled if a cancel was asked, failed if not);
 * without one, a cancel mark means cancelled, a live wrapper means running (pending until it has
 * touched {@code started}), and a dead wrapper means the job was lost (failed: something killed the
 * wrapper before it could record the exit status).
 *
 * @param pid the wrapper's pid (and process group); {@code null} before it was recorded
 * @param accounting the job's facts
 */
record MockJob(Long pid, JobAccounting accounting) {

  static String requestFile(String name, int gpus, int nodes, String user, String mark) {
    return "name="
        + name
        + "\ngpus="
        + gpus
        + "\nnodes="
        + nodes
        + "\nuser="
        + user
        + "\n"
        + (mark == null ? "" : "mark=" + mark + "\n");
  }

  /** The mark a job's directory was submitted with; {@code null} when it has none or is damaged. */
  static String mark(Path dir) {
    Properties request = new Properties();
    try (var in = Files.newBufferedReader(dir.resolve("request"))) {
      request.load(in);
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
    return request.getProperty("mark");
  }

  static MockJob read(Path dir) {
    try {
      Properties request = new Properties();
      try (var in = Files.newBufferedReader(dir.resolve("request"))) {
        request.load(in);
      }
      Long pid = Files.exists(dir.resolve("pid")) ? Long.valueOf(text(dir, "pid")) : null;
      Instant started = modified(dir, "started");
      Instant ended = modified(dir, "exit");
      boolean cancelled = Files.exists(dir.resolve("cancelled"));
      Integer exitCode = ended == null ? null : Integer.valueOf(text(dir, "exit"));
      JobState state;
      String raw;
      if (exitCode != null) {
        state =
            exitCode == 0 ? JobState.COMPLETED : cancelled ? JobState.CANCELLED : JobState.FAILED;
        raw = "exit " + exitCode;
      } else if (cancelled) {
        state = JobState.CANCELLED;
        raw = "cancelled";
        ended = modified(dir, "cancelled");
      } else if (pid == null || alive(pid, dir)) {
        state = started == null ? JobState.PENDING : JobState.RUNNING;
        raw = state.label();
      } else {
        // Re-read: the wrapper may have finished between the two looks.
        if (Files.exists(dir.resolve("exit"))) {
          return read(dir);
        }
        state = JobState.FAILED;
        raw = "lost (the wrapper died without recording an exit status)";
      }
      Duration elapsed = elapsed(started, ended, state);
      return new MockJob(
          pid,
          new JobAccounting(
              MockAdapter.KIND,
              dir.getFileName().toString(),
              request.getProperty("name"),
              request.getProperty("user"),
              null,
              MockProbe.PARTITION,
              state,
              raw,
              exitCode,
              null,
              elapsed,
              started,
              state.terminal() ? ended : null,
              Integer.valueOf(request.getProperty("nodes")),
              MockProbe.NODE,
              Integer.valueOf(request.getProperty("gpus"))));
    } catch (IOException | NumberFormatException e) {
      throw new BackendException(
          "mock job directory " + dir + " is damaged (" + e.getMessage() + "); remove it", e);
    }
  }

  private static Duration elapsed(Instant started, Instant ended, JobState state) {
    if (started == null) {
      return state.terminal() ? Duration.ZERO : null;
    }
    Instant until = ended != null ? ended : Instant.now();
    return until.isBefore(started) ? Duration.ZERO : Duration.between(started, until);
  }

  /**
   * Alive, not a zombie waiting to be reaped, and not a later process that got the same pid (one
   * that started after the pid file was written).
   */
  private static boolean alive(long pid, Path dir) throws IOException {
    var handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    if (handle.isEmpty()) {
      return false;
    }
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (Files.isReadable(stat)) {
      String s = Files.readString(stat);
      int afterName = s.lastIndexOf(')');
      if (afterName > 0 && s.length() > afterName + 2 && s.charAt(afterName + 2) == 'Z') {
        return false;
      }
    }
    Instant recorded = modified(dir, "pid");
    Instant processStart = handle.get().info().startInstant().orElse(null);
    return recorded == null
        || processStart == null
        || !processStart.isAfter(recorded.plusSeconds(1));
  }

  private static Instant modified(Path dir, String file) throws IOException {
    Path path = dir.resolve(file);
    return Files.exists(path) ? Files.getLastModifiedTime(path).toInstant() : null;
  }

  private static String text(Path dir, String file) throws IOException {
    return Files.readString(dir.resolve(file)).strip();
  }
}
