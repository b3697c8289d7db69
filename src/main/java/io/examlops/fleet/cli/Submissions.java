package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduling.backend.SubmitRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** The part of submitting that `hpc submit` and `pipeline run` share: read, submit, follow, print. */
final class Submissions {
  private Submissions() {}

  /** A job script's text; a missing, unreadable or binary file is a clear error. */
  static String readScript(Path script) {
    if (script.toString().isBlank()) {
      throw new CommandFailure(ExitCode.USAGE, "invalid-argument",
          "the SCRIPT path is empty: give the path of a batch script, e.g. exa hpc submit"
              + " --cluster NAME train.sh");
    }
    if (!Files.exists(script)) {
      throw new CommandFailure(ExitCode.NOT_FOUND, "script-not-found",
          "job script " + script + " does not exist");
    }
    if (!Files.isRegularFile(script) || !Files.isReadable(script)) {
      throw new CommandFailure(ExitCode.NOT_FOUND, "script-unreadable",
          "job script " + script + " is not a readable file");
    }
    try {
      return Files.readString(script, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CommandFailure(ExitCode.NOT_FOUND, "script-unreadable",
          "cannot read job script " + script + ": " + e.getMessage());
    }
  }

  static int submit(FleetCommand command, SubmitOptions options, SubmitRequest request,
      String model, String dataset) throws InterruptedException {
    Fleet fleet = command.exa().fleet();
    String cluster = command.exa().clusterOrDefault(options.cluster);
    SubmitRequest sent = options.withExports(request, command.exa().env);
    return report(
        command, options, fleet.submit(cluster, sent, model, dataset, false, options.tag));
  }

  /** A training job: the chosen cluster's EXAMLOPS_HPC_* environment goes into the job too. */
  static int submitTraining(FleetCommand command, SubmitOptions options, SubmitRequest request,
      String model, String dataset) throws InterruptedException {
    Fleet fleet = command.exa().fleet();
    String cluster = command.exa().clusterOrDefault(options.cluster);
    SubmitRequest sent = options.withExports(request, command.exa().env);
    return report(
        command, options, fleet.submit(cluster, sent, model, dataset, true, options.tag));
  }

  private static int report(FleetCommand command, SubmitOptions options, Fleet.Submitted submitted)
      throws InterruptedException {
    Fleet fleet = command.exa().fleet();
    TrackedJob job = submitted.job();
    Output output = command.output();
    if (submitted.placement() != null && !output.json()) {
      PlaceCommand.print(output.err(), submitted.placement());
    }
    if (submitted.reattached()) {
      output.err().println("exa: re-attached to job " + job.id() + " (" + job.cluster() + " "
          + job.schedulerJobId() + "), tagged " + options.tag + ", which is still "
          + job.state().label() + "; nothing new was submitted");
    }
    if (options.await) {
      if (!output.json()) {
        output.err().println("exa: following job " + job.id() + " (" + job.cluster() + " "
            + job.schedulerJobId() + ") until it ends");
      }
      job = follow(fleet, job, options, output);
    }
    String outputFile = fleet.jobOutput(job);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("job", job);
    json.put("placement", submitted.placement() == null ? null : PlaceCommand.json(submitted.placement()));
    json.put("output", outputFile);
    json.put("reattached", submitted.reattached());
    TrackedJob shown = job;
    output.emit(json, () -> {
      output.out().println("Submitted job " + shown.id() + " to "
          + shown.cluster() + (shown.partition() == null ? "" : " (partition " + shown.partition() + ")")
          + " as " + shown.schedulerJobId() + " (" + shown.name() + ", "
          + Plural.of(shown.gpus(), "GPU") + "): " + shown.state().label()
          + (shown.state().terminal() && shown.exitCode() != null ? ", exit code " + shown.exitCode() : "")
          + (shown.state() == JobState.LOST ? " (" + shown.reason() + ")" : ""));
      output.out().println("  output: " + outputFile
          + (outputFile.startsWith("~") ? " on " + shown.cluster() : ""));
    });
    if (options.await && !job.state().terminal() && !output.json()) {
      output.err().println("exa: stopped following job " + job.id() + " after "
          + options.waitTimeoutSeconds + " s (--wait-timeout); it is " + job.state().label()
          + " and keeps its place on " + job.cluster() + ": follow it with exa hpc jobs, or"
          + " exa hpc cancel " + job.id());
    }
    if (options.await) {
      return job.state() == JobState.COMPLETED ? ExitCode.OK : ExitCode.FAILED;
    }
    return ExitCode.OK;
  }

  /**
   * Follows the job to its end or the wait's limit, its output on stderr with {@code --log}; an
   * interrupt meanwhile cancels it (see {@link CancelOnInterrupt}).
   */
  private static TrackedJob follow(
      Fleet fleet, TrackedJob job, SubmitOptions options, Output output)
      throws InterruptedException {
    Duration limit = Duration.ofSeconds(options.waitTimeoutSeconds);
    try (CancelOnInterrupt guard =
        new CancelOnInterrupt(fleet, job, options.leaveRunning, output.err())) {
      if (!options.log) {
        return fleet.jobs().await(job, limit, Duration.ofSeconds(2));
      }
      return fleet
          .logs(Long.toString(job.id()), true, limit, text -> {
            output.err().print(text);
            output.err().flush();
          })
          .job();
    }
  }

  /** A job name from a script's file name: letters, digits, '.', '_' and '-' only. */
  static String nameFrom(Path script) {
    String base = script.getFileName().toString().replaceFirst("\\.[A-Za-z0-9]+$", "");
    String clean = base.replaceAll("[^A-Za-z0-9_.-]", "-");
    return clean.isEmpty() ? "job" : clean.length() > 64 ? clean.substring(0, 64) : clean;
  }
}
