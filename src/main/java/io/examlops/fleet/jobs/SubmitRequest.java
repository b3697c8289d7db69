package io.examlops.fleet.jobs;

import io.examlops.fleet.Fleet;
import java.util.Map;

/**
 * Submit a batch script to an ACTIVE cluster, or with {@link Fleet#AUTO} to the one placement
 * chooses, and track it.
 *
 * @param cluster a cluster name, or {@code auto}
 * @param script the batch script; it must start with {@code #!}
 * @param name the job name; {@code null}: from the script's file name
 * @param gpus GPUs in total, a multiple of {@code nodes}; 0 for a CPU-only job
 * @param nodes nodes, at least 1
 * @param partition {@code null}: the one placement picks inside the cluster (the default one for a
 *     CPU-only job)
 * @param time wall-time limit, in Slurm's forms or with a unit; {@code null}: the partition's
 * @param account Slurm account or Flux bank; {@code null}: the user's
 * @param environment variables the job exports
 * @param tag the caller's name for this submission, or {@code null}: while the newest job of a tag
 *     has not ended, submitting under it again re-attaches to that job
 */
public record SubmitRequest(
    String cluster,
    ScriptSource script,
    String name,
    int gpus,
    int nodes,
    String partition,
    String time,
    String account,
    Map<String, String> environment,
    String tag) {

  public SubmitRequest {
    environment = environment == null ? Map.of() : Map.copyOf(environment);
  }

  /** A submission without a tag. */
  public SubmitRequest(
      String cluster,
      ScriptSource script,
      String name,
      int gpus,
      int nodes,
      String partition,
      String time,
      String account,
      Map<String, String> environment) {
    this(cluster, script, name, gpus, nodes, partition, time, account, environment, null);
  }
}
