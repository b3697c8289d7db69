package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.CancelResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code exa hpc cancel}: cancel a tracked job. */
@Command(
    name = "cancel",
    mixinStandardHelpOptions = true,
    description =
        "Cancel a tracked job through its cluster's scheduler (scancel, flux cancel, or"
            + " killing the mock's process), then record where it stands.")
final class CancelCommand extends FleetCommand {
  @Mixin JobParameter job;

  @Override
  public Integer call() {
    CancelResult cancelled = exa().fleet().jobs().cancel(exa().actor(), new CancelRequest(job.job));
    output()
        .emitLine(
            cancelled,
            () ->
                "Job "
                    + cancelled.job().id()
                    + " ("
                    + cancelled.job().cluster()
                    + (cancelled.job().schedulerJobId() == null
                        ? ", never sent"
                        : " " + cancelled.job().schedulerJobId())
                    + "): "
                    + cancelled
                        .outcome()
                        .name()
                        .toLowerCase(java.util.Locale.ROOT)
                        .replace('_', ' ')
                    + ", now "
                    + cancelled.job().state().label()
                    + (cancelled.job().schedulerJobId() == null
                        ? " (" + cancelled.message() + ")"
                        : ""));
    return ExitCode.OK;
  }
}
