package io.examlops.fleet;

/**
 * A training job for a model and dataset, through the same gate, submission and tracking as a
 * submission: named {@code train-<model>}, with {@code EXAMLOPS_MODEL}, {@code EXAMLOPS_DATASET},
 * {@code EXAMLOPS_PIPELINE_GPUS} and the cluster's {@code EXAMLOPS_HPC_*} environment exported.
 *
 * @param script the training entry point; {@code null}: a built-in smoke run that prints what the
 *     job received
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
    String account) {}
