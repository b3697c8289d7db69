package io.examlops.fleet.jobs;

import io.examlops.fleet.model.SafeName;

/**
 * A training run for a model and dataset ({@code exa pipeline run}): submitted through the same
 * gate, placement and tracking as a script, with the model, dataset, GPU count and the chosen
 * cluster's {@code EXAMLOPS_HPC_*} environment exported in the job.
 *
 * @param model the model's name (letters, digits, {@code . _ -})
 * @param dataset the dataset's name (the same rule)
 * @param script the training script; {@code null}: the built-in smoke run, which prints what the
 *     job got
 * @param job where it goes and what it asks for
 */
public record PipelineRunRequest(
    String model, String dataset, ScriptSource script, JobOptions job) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code model} or {@code dataset} when it
   *     breaks {@link SafeName}'s rule, {@code job} when there is none
   */
  public PipelineRunRequest {
    SafeName.require("model", model, "model");
    SafeName.require("dataset", dataset, "dataset");
    SubmitRequest.requireJob(job);
  }
}
