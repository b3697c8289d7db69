package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.FollowRequest;
import picocli.CommandLine.Option;

/** What every submitting command asks: where, how many GPUs and nodes, how long, whose account. */
final class SubmitOptions {
  @Option(
      names = "--cluster",
      paramLabel = "NAME|auto",
      description =
          "An ACTIVE cluster, or `auto` to let placement choose (default: $EXAMLOPS_HPC_CLUSTER).")
  String cluster;

  @Option(
      names = {"-G", "--gpus"},
      paramLabel = "K",
      defaultValue = "1",
      description =
          "GPUs in total, a multiple of --nodes (default: ${DEFAULT-VALUE}); 0 for a CPU-only job: no GPU is asked of the scheduler.")
  int gpus;

  @Option(
      names = {"-N", "--nodes"},
      paramLabel = "M",
      defaultValue = "1",
      description = "Nodes (default: ${DEFAULT-VALUE}).")
  int nodes;

  @Option(
      names = {"-p", "--partition"},
      paramLabel = "P",
      description =
          "Partition or queue (default: the one placement picks inside the cluster, said on stderr; the cluster's default for --gpus 0).")
  String partition;

  @Option(
      names = {"-t", "--time"},
      paramLabel = "LIMIT",
      description = "Wall-time limit, e.g. 00:30:00, 1-00:00:00 or 2h (default: the partition's).")
  String time;

  @Option(
      names = {"-A", "--account"},
      paramLabel = "A",
      description = "Slurm account or Flux bank (default: yours).")
  String account;

  // No -o: sbatch's -o is --output, but in exa -o is --format wherever it exists, and `-o json`
  // taken as an output file would be a silent surprise.
  @Option(
      names = "--output",
      paramLabel = "PATH",
      description =
          "Where the job writes its output and errors on the cluster: a path relative to your home directory there, or absolute; %%j is the job id (in the file name only), %%x the job name, %%%% a %%. The directory must exist; it is checked before the job is sent (default: ~/examlops-%%j.out; the mock backend: its job directory's output.log).")
  String output;

  @Option(
      names = "--wait",
      description = "Follow the job until it ends; the exit code is then 0 only if it completed.")
  boolean await;

  @Option(
      names = "--wait-timeout",
      paramLabel = "SECONDS",
      defaultValue = "" + FollowRequest.DEFAULT_TIMEOUT_SECONDS,
      description =
          "With --wait: stop following after this many seconds (default: ${DEFAULT-VALUE}); the job keeps running and the exit code is 1.")
  @Fills("timeoutSeconds")
  int waitTimeoutSeconds;

  @Option(
      names = "--log",
      description =
          "With --wait: print the job's output on stderr while it runs (stdout stays the result).")
  boolean log;

  @Option(
      names = "--leave-running",
      description =
          "With --wait: when this process is interrupted (SIGTERM, SIGINT), leave the job running instead of cancelling it.")
  boolean leaveRunning;

  @Option(
      names = "--detach",
      description =
          "Central mode: let the job run on when nobody follows it. Without it the console cancels a job whose follower stopped renewing its lease (the agent was killed or lost its network) once $EXAMLOPS_LEASE_LAPSE and $EXAMLOPS_LEASE_GRACE have passed.")
  boolean detach;

  @Option(
      names = "--tag",
      paramLabel = "TAG",
      description =
          "Your name for this submission (e.g. a CI job and stage): while the newest job of this tag has not ended, submitting with it again re-attaches to that job instead of submitting another.")
  String tag;

  @Option(
      names = "--env",
      paramLabel = "NAME",
      description =
          "Export this variable of exa's own environment into the job (repeatable); its value never appears on a command line.")
  @Fills("environment")
  java.util.List<String> exports = java.util.List.of();

  /**
   * What these options ask of the job: its cluster ({@code --cluster}, else the variable) and more.
   */
  io.examlops.fleet.jobs.JobOptions job(Exa exa) {
    return new io.examlops.fleet.jobs.JobOptions(
        exa.clusterOrDefault(cluster),
        gpus,
        nodes,
        partition,
        time,
        account,
        exported(exa.env),
        tag,
        output,
        exa.centralMode() && !detach);
  }

  /**
   * The {@code --env} variables with their values from {@code processEnv} (exa's own environment);
   * a name that is not set there is an error naming it.
   */
  private java.util.Map<String, String> exported(java.util.Map<String, String> processEnv) {
    java.util.Map<String, String> env = new java.util.TreeMap<>();
    for (String name : exports) {
      String value = processEnv.get(name);
      if (value == null) {
        throw io.examlops.fleet.model.FleetException.invalid(
            io.examlops.fleet.model.Printable.quoted(name)
                + ": exa's environment has"
                + " no variable of that name; set it before running exa (its value is exported"
                + " into the job, never put on a command line)",
            "environment");
      }
      env.put(name, value);
    }
    return env;
  }
}
