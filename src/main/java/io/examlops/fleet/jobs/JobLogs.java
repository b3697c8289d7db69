package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A tracked job's output (its standard output and error, in the file the backend names), read and
 * optionally followed while the job runs. The output file is read where {@link OutputPlace} says
 * (the cluster's connection; for a cluster reached through an API, another cluster or a mount);
 * while following, the job's state comes from the process's watcher ({@link JobWatcher}), which
 * asks the scheduler once per round for every job waited on, not once per follower.
 */
final class JobLogs {
  /** The most one look reads; a bigger backlog is read in several looks without waiting. */
  static final int CHUNK_BYTES = 1 << 20;

  /** Waits for a job to change, at most a while; returns it as then seen. */
  interface Watch {
    TrackedJob atMost(Actor actor, TrackedJob job, Duration wait) throws InterruptedException;
  }

  private final ClusterConnections connections;
  private final JobTracker jobs;
  private final Watch watch;

  JobLogs(ClusterConnections connections, JobTracker jobs, Watch watch) {
    this.connections = connections;
    this.jobs = jobs;
    this.watch = watch;
  }

  /**
   * What a read ended with.
   *
   * @param job the job as last seen
   * @param outputFile where its output is (a path on its cluster, or here for the mock backend)
   * @param bytes where in the output the text passed on ends
   * @param found whether the output file existed at the end
   * @param followed whether the job was followed to its end (false when not asked, interrupted or
   *     past the limit)
   */
  public record Read(
      TrackedJob job, String outputFile, long bytes, boolean found, boolean followed) {}

  /**
   * Passes a job's output to {@code sink}: what there is now, or with {@code follow} what is
   * written until the job ends or {@code limit} passes (complete lines while it runs, the rest at
   * its end), from {@code from} bytes in. An interrupt ends the follow early, with the thread's
   * interrupt flag set again.
   */
  Read read(
      Actor actor,
      TrackedJob job,
      long from,
      boolean follow,
      Duration limit,
      Duration every,
      Consumer<String> sink) {
    RegisteredCluster cluster = connections.cluster(job.cluster());
    JobBackend backend = jobs.backend(cluster.definition().scheduler());
    String file = backend.outputFile(job.schedulerJobId(), job.outputPath());
    OutputPlace place = OutputPlace.of(cluster.definition(), file);
    Function<CommandRunner, Read> reading =
        runner -> follow(runner, actor, job, file, place.path(), from, follow, limit, every, sink);
    return switch (place.way()) {
      case CLUSTER -> connections.withRunner(cluster, actor, reading);
      case VIA ->
          connections.withRunner(connections.requireSchedulable(place.via()), actor, reading);
      case MOUNT -> connections.withLocalRunner(reading);
    };
  }

  private Read follow(
      CommandRunner runner,
      Actor actor,
      TrackedJob job,
      String file,
      String read,
      long from,
      boolean follow,
      Duration limit,
      Duration every,
      Consumer<String> sink) {
    String path = ShellQuote.path(read);
    long deadline = System.nanoTime() + limit.toNanos();
    long offset = from;
    TrackedJob current = job;
    while (true) {
      boolean last = !follow || current.state().terminal();
      Chunk chunk;
      do {
        chunk = next(runner, path, offset, last);
        if (!chunk.text().isEmpty()) {
          sink.accept(chunk.text());
        }
        offset += chunk.bytes();
      } while (chunk.full());
      if (last) {
        return new Read(current, file, offset, chunk.found(), follow);
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return new Read(current, file, offset, chunk.found(), false);
      }
      try {
        current =
            watch.atMost(
                actor,
                current,
                every.compareTo(Duration.ofNanos(left)) < 0 ? every : Duration.ofNanos(left));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Read(current, file, offset, chunk.found(), false);
      }
    }
  }

  /**
   * One look at the file from {@code offset}.
   *
   * @param text what to pass on: complete lines only, unless this is the last look
   * @param bytes the size of {@code text} in the file
   * @param full whether the look was cut at {@link #CHUNK_BYTES}, so more is there now
   * @param found whether the file exists (a job that has not started has none yet)
   */
  record Chunk(String text, long bytes, boolean full, boolean found) {}

  private static Chunk next(CommandRunner runner, String path, long offset, boolean last) {
    CommandResult result =
        runner.run(
            "test -f "
                + path
                + " || exit 3; tail -c +"
                + (offset + 1)
                + " "
                + path
                + " | head -c "
                + CHUNK_BYTES);
    if (result.exitCode() == 3) {
      return new Chunk("", 0, false, false);
    }
    return chunk(result.stdout(), last);
  }

  /**
   * What of a look to pass on. While the job runs a line is passed on once it is complete, so a
   * line (or a character) that is being written is not cut in two. Pure.
   */
  static Chunk chunk(String read, boolean last) {
    boolean full = read.getBytes(StandardCharsets.UTF_8).length >= CHUNK_BYTES;
    int end = last || full ? read.length() : read.lastIndexOf('\n') + 1;
    String text = read.substring(0, end);
    return new Chunk(text, text.getBytes(StandardCharsets.UTF_8).length, full, true);
  }
}
