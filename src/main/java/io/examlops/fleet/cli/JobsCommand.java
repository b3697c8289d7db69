package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc jobs}: tracked submissions, followed to their end. */
@Command(
    name = "jobs",
    mixinStandardHelpOptions = true,
    description =
        "List tracked submissions from platform.db (hpc_jobs), newest first, after asking"
            + " the schedulers where unfinished ones stand.")
final class JobsCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(names = "--model", paramLabel = "M", description = "Only jobs of this model.")
  String model;

  @Option(names = "--cluster", paramLabel = "NAME", description = "Only jobs on this cluster.")
  String cluster;

  @Option(
      names = "--state",
      paramLabel = "STATE",
      description =
          "Only jobs in this state: submitted, pending, running, completing, completed, failed, cancelled, timeout, lost, suspended, unknown.")
  String state;

  @Option(
      names = "--no-refresh",
      negatable = true,
      defaultValue = "true",
      description = "Do not ask the schedulers; show what was last recorded.")
  boolean refresh;

  @Override
  public Integer call() {
    JobsResult listing =
        exa()
            .fleet()
            .jobs()
            .list(
                exa().actor(),
                new JobsRequest(
                    cluster, model, state, refresh ? ReadFrom.SCHEDULER : ReadFrom.STORE));
    Output output = output();
    listing.notes().forEach(n -> output.err().println("exa: " + n));
    output.emit(
        listing,
        () -> {
          Table table =
              new Table(
                      "ID",
                      "CLUSTER",
                      "JOBID",
                      "NAME",
                      "MODEL",
                      "STATE",
                      "GPUS",
                      "SUBMITTED",
                      "ELAPSED",
                      "GPU_HOURS",
                      "EXIT",
                      "REASON")
                  .right("ID", "GPUS", "ELAPSED", "GPU_HOURS", "EXIT");
          for (TrackedJob j : listing.jobs()) {
            table.row(
                j.id(),
                j.cluster(),
                j.schedulerJobId(),
                j.name(),
                j.model(),
                j.state().label(),
                j.gpus(),
                j.submittedAt(),
                Durations.human(j.elapsedSeconds()),
                j.gpuHours() == null ? "unknown" : GpuHoursTally.shown(j.gpuHours()),
                j.exitCode(),
                j.reason());
          }
          table.print(output.out(), format);
        });
    return ExitCode.OK;
  }
}
