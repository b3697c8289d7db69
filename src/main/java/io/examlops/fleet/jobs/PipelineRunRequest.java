package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobTag;
import java.util.Map;

/**
 * A training run for a model and dataset ({@code exa pipeline run}): submitted through the same
 * gate, placement and tracking as a script, with the model, dataset, GPU count and the chosen
 * cluster's {@code EXAMLOPS_HPC_*} environment exported in the job.
 *
 * @param cluster a registered cluster, or {@code auto}
 * @param model the model's name (letters, digits, {@code . _ -})
 * @param dataset the dataset's name (the same rule)
 * @param script the training script; {@code null}: the built-in smoke run, which prints what the
 *     job got
 * @param environment more variables exported in the job
 * @param tag the caller's name for the run (see {@link SubmitRequest#tag()}); {@code null}: none
 */
public record PipelineRunRequest(
    String cluster,
    String model,
    String dataset,
    ScriptSource script,
    int gpus,
    int nodes,
    String partition,
    String time,
    String account,
    Map<String, String> environment,
    String tag) {

  public PipelineRunRequest {
    if (cluster != null && !JobService.AUTO.equals(cluster)) {
      ClusterName.require(cluster, "cluster");
    }
    GpuAsk.of(gpus, nodes);
    JobTag.require(tag);
    environment = environment == null ? Map.of() : Map.copyOf(environment);
  }
}
