package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.DetachResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code exa hpc detach}: let a job run on when nobody follows it. */
@Command(
    name = "detach",
    mixinStandardHelpOptions = true,
    description =
        "Let a tracked job run on when nobody follows it: in central mode the console no longer"
            + " cancels it once its follower stops renewing its lease (as submit --detach does from"
            + " the start). Only its submitter or an admin may.")
final class DetachCommand extends FleetCommand {
  @Mixin JobParameter job;

  @Override
  public Integer call() {
    DetachResult detached = exa().fleet().jobs().detach(exa().actor(), new DetachRequest(job.job));
    output()
        .emitLine(
            detached,
            () ->
                "Job "
                    + detached.job().id()
                    + " ("
                    + detached.job().cluster()
                    + "): "
                    + (detached.wasLeased()
                        ? "detached; it runs on whoever follows it"
                        : "had no lease; it runs on whoever follows it")
                    + ", now "
                    + detached.job().state().label());
    return ExitCode.OK;
  }
}
