package io.examlops.fleet.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
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
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  @Option(names = "--model", required = true, paramLabel = "M", description = "Model to train (letters, digits, '.', '_', '-').")
  String model;

  @Option(names = "--dataset", required = true, paramLabel = "D", description = "Dataset to train on.")
  String dataset;

  @Option(names = "--script", paramLabel = "PATH", description = "Your training entry point (a batch script starting with #!).")
  Path script;

  @Mixin SubmitOptions options;

  @Override
  public Integer call() throws InterruptedException {
    require("--model", model);
    require("--dataset", dataset);
    String text = script == null ? builtInScript() : Submissions.readScript(script);
    Map<String, String> env = new LinkedHashMap<>();
    env.put("EXAMLOPS_MODEL", model);
    env.put("EXAMLOPS_DATASET", dataset);
    env.put("EXAMLOPS_PIPELINE_GPUS", Integer.toString(options.gpus));
    return Submissions.submitTraining(this, options, options.request(text, "train-" + model, env),
        model, dataset);
  }

  private static void require(String option, String value) {
    if (!NAME.matcher(value).matches()) {
      throw new IllegalArgumentException(option + " '" + value + "' may hold only letters, digits,"
          + " '.', '_' and '-' (1 to 64)");
    }
  }

  private static String builtInScript() {
    try (InputStream in = PipelineRunCommand.class.getResourceAsStream("pipeline-train.sh")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
