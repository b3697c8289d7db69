package io.examlops.fleet.cli;

import io.examlops.fleet.scheduling.backend.SubmitRequest;
import io.examlops.fleet.scheduling.backend.TimeLimits;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** What every submitting command asks: where, how many GPUs and nodes, how long, whose account. */
final class SubmitOptions {
  @Option(names = "--cluster", paramLabel = "NAME|auto", description = "An ACTIVE cluster, or `auto` to let placement choose (default: $EXAMLOPS_HPC_CLUSTER).")
  String cluster;

  @Option(names = "--gpus", paramLabel = "K", defaultValue = "1", description = "GPUs in total, at least 1 (default: ${DEFAULT-VALUE}); a multiple of --nodes.")
  int gpus;

  @Option(names = "--nodes", paramLabel = "M", defaultValue = "1", description = "Nodes (default: ${DEFAULT-VALUE}).")
  int nodes;

  @Option(names = "--partition", paramLabel = "P", description = "Partition or queue (default: the cluster's, or placement's choice).")
  String partition;

  @Option(names = "--time", paramLabel = "LIMIT", description = "Wall-time limit, e.g. 00:30:00, 1-00:00:00 or 2h (default: the partition's).")
  String time;

  @Option(names = "--account", paramLabel = "A", description = "Slurm account or Flux bank (default: yours).")
  String account;

  @Option(names = "--wait", description = "Follow the job until it ends; the exit code is then 0 only if it completed.")
  boolean await;

  @Option(names = "--wait-timeout", paramLabel = "SECONDS", defaultValue = "3600", description = "Give up following after this long (default: ${DEFAULT-VALUE}).")
  int waitTimeoutSeconds;

  /** The longest --wait-timeout: a week, longer than any partition limit we have met. */
  static final int MAX_WAIT_SECONDS = 7 * 24 * 3600;

  /** Checks every option before anything is submitted, so a bad one never leaves a job behind. */
  SubmitRequest request(String script, String name, Map<String, String> environment) {
    if (waitTimeoutSeconds < 1 || waitTimeoutSeconds > MAX_WAIT_SECONDS) {
      throw new IllegalArgumentException(
          "--wait-timeout must be from 1 to "
              + MAX_WAIT_SECONDS
              + " seconds (a week), got "
              + waitTimeoutSeconds);
    }
    if (gpus < 1) {
      throw new IllegalArgumentException(
          "--gpus must be a positive whole number (the GPUs the job needs); got " + gpus);
    }
    return new SubmitRequest(script, name, gpus, nodes, partition,
        timeLimit(time), account, environment);
  }

  /** A {@code --time} value; an unreadable one is an error that names the option. */
  static Duration timeLimit(String time) {
    if (time == null) {
      return null;
    }
    try {
      return TimeLimits.parse(time);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--time: " + e.getMessage(), e);
    }
  }
}
