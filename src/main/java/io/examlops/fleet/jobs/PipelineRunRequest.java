package io.examlops.fleet.jobs;

/**
 * A training job for a model and dataset, through the same gate, submission and tracking as a
 * submission: named {@code train-<model>}, with {@code EXAMLOPS_MODEL}, {@code EXAMLOPS_DATASET},
 * {@code EXAMLOPS_PIPELINE_GPUS} and the cluster's {@code EXAMLOPS_HPC_*} environment exported.
 *
 * @param script the training entry point; {@code null}: a built-in smoke run that prints what the
 *     job received
 * @param environment more variables the job exports (the pipeline's own win)
 * @param tag the caller's name for this submission, or {@code null} (see {@link
 *     SubmitRequest#tag()})
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
    java.util.Map<String, String> environment,
    String tag) {

  public PipelineRunRequest {
    environment = environment == null ? java.util.Map.of() : java.util.Map.copyOf(environment);
  }

  /** A training run without more variables or a tag. */
  public PipelineRunRequest(
      String cluster,
      String model,
      String dataset,
      ScriptSource script,
      int gpus,
      int nodes,
      String partition,
      String time,
      String account) {
    this(cluster, model, dataset, script, gpus, nodes, partition, time, account, null, null);
  }
}
