package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobTag;
import java.util.Map;

/**
 * Submit a batch script to an ACTIVE cluster, or with {@link JobService#AUTO} to the one placement
 * chooses ({@code exa hpc submit}).
 *
 * @param cluster a registered cluster, or {@code auto}
 * @param script the batch script: a file, or text with the file name it came from
 * @param name the job's name; {@code null}: the script's file name
 * @param gpus GPUs for the whole job; 0 for a CPU-only job
 * @param nodes nodes, at least 1
 * @param partition the partition or queue; {@code null}: the one placement picks in the cluster
 * @param time the wall-clock limit as users write it ({@link io.examlops.fleet.model.TimeLimit});
 *     {@code null}: the scheduler's default
 * @param account the account or bank to charge; {@code null}: the user's default
 * @param environment variables exported in the job (never on a command line)
 * @param tag the caller's name for the submission: a job of this tag that has not ended is returned
 *     instead of submitting another; {@code null}: none
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
    if (cluster != null && !JobService.AUTO.equals(cluster)) {
      ClusterName.require(cluster, "cluster");
    }
    GpuAsk.of(gpus, nodes);
    JobTag.require(tag);
    environment = environment == null ? Map.of() : Map.copyOf(environment);
  }
}
