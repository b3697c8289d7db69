package io.examlops.fleet.cli;

import io.examlops.fleet.scheduling.backend.SubmitRequest;
import io.examlops.fleet.scheduling.backend.TimeLimits;
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

  SubmitRequest request(String script, String name, Map<String, String> environment) {
    if (gpus < 1) {
      throw new IllegalArgumentException(
          "--gpus must be a positive whole number (the GPUs the job needs); got " + gpus);
    }
    return new SubmitRequest(script, name, gpus, nodes, partition,
        time == null ? null : TimeLimits.parse(time), account, environment);
  }
}
