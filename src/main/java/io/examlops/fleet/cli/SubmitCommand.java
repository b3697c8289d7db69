package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code exa hpc submit}: submit a batch script to an approved cluster and track it. */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = {
      "Submit a batch script to an ACTIVE cluster (sbatch on Slurm, flux batch on Flux, a local"
          + " process on the mock backend) and record it in platform.db (hpc_jobs). With"
          + " --cluster auto, placement chooses and explains. The script travels on stdin, never"
          + " on a command line.",
      "Refused (exit 5) for a cluster that is not ACTIVE or changed since approval; a scheduler's"
          + " refusal is passed on with its own message (exit 4)."
    })
final class SubmitCommand extends FleetCommand {
  @Parameters(
      index = "0",
      paramLabel = "SCRIPT",
      description = "The batch script (starts with #!).")
  Path script;

  @Option(
      names = {"-J", "--name"},
      paramLabel = "NAME",
      description = "Job name (default: the script's file name).")
  String name;

  @Mixin SubmitOptions options;

  @Override
  public Integer call() throws InterruptedException {
    SubmitRequest request = new SubmitRequest(ScriptSource.file(script), name, options.job(exa()));
    return Submissions.submit(this, options, (jobs, actor) -> jobs.submit(actor, request));
  }
}
