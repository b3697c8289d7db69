package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.PipelineRunRequest;
import io.examlops.fleet.jobs.ScriptSource;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa pipeline run}: submit a training job through the fleet's submission path. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Submit a training job for a model and dataset to a cluster, or with --cluster auto to the"
          + " one placement chooses, through the same gate, submission and tracking as"
          + " `exa hpc submit`. The job gets EXAMLOPS_MODEL, EXAMLOPS_DATASET,"
          + " EXAMLOPS_PIPELINE_GPUS and the cluster's EXAMLOPS_HPC_* environment.",
      "Without --script a built-in smoke run prints what the job received."
    })
final class PipelineRunCommand extends FleetCommand {
  @Option(
      names = "--model",
      required = true,
      paramLabel = "M",
      description = "Model to train (letters, digits, '.', '_', '-').")
  String model;

  @Option(
      names = "--dataset",
      required = true,
      paramLabel = "D",
      description = "Dataset to train on.")
  String dataset;

  @Option(
      names = "--script",
      paramLabel = "PATH",
      description = "Your training entry point (a batch script starting with #!).")
  Path script;

  @Mixin SubmitOptions options;

  @Override
  public Integer call() throws InterruptedException {
    PipelineRunRequest request =
        new PipelineRunRequest(
            model, dataset, script == null ? null : ScriptSource.file(script), options.job(exa()));
    return Submissions.submit(this, options, (jobs, actor) -> jobs.runPipeline(actor, request));
  }
}
