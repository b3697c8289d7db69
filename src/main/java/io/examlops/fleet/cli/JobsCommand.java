package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.model.HistoryLimit;
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
        "List tracked submissions from platform.db (hpc_jobs), newest first (the newest "
            + HistoryLimit.DEFAULT
            + " unless --limit or --all), after asking the schedulers where unfinished ones stand.")
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
          "Only jobs in this state: submitting, submitted, pending, running, suspended, completing, completed, failed, cancelled, timeout, lost, not-submitted, unknown.")
  String state;

  @Option(
      names = "--user",
      paramLabel = "USER",
      description = "Only jobs this user submitted (as SUBMITTED_BY: the acting user).")
  String user;

  @Option(
      names = "--token",
      paramLabel = "ID",
      description =
          "Only jobs submitted with this API token of the console (its id, as Users & tokens"
              + " lists it, e.g. 1a2b3c4d).")
  String token;

  @Option(
      names = "--limit",
      paramLabel = "N",
      converter = WholeNumber.class,
      description = "Only the newest N jobs (1-10000) of those selected" + HistoryCut.LIMIT_HELP)
  Integer limit;

  @Option(
      names = "--all",
      description = "Every job the filters select, however many (instead of --limit).")
  boolean all;

  @Option(
      names = "--before",
      paramLabel = "ID",
      description =
          "Only jobs whose fleet id is below ID: the next page after a --limit (its \"next\").")
  Long before;

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
                    cluster,
                    model,
                    state,
                    refresh ? ReadFrom.SCHEDULER : ReadFrom.STORE,
                    user,
                    token,
                    before,
                    0,
                    HistoryLimit.of(limit, all, "--all")));
    Output output = output();
    listing.notes().forEach(n -> output.err().println("exa: " + n));
    if (!output.json()) {
      HistoryCut.say(output, listing.jobs().size(), listing.total(), listing.next(), limit, "jobs");
    }
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
