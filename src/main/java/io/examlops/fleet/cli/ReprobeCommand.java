package io.examlops.fleet.cli;

import io.examlops.fleet.governance.ReprobeRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code exa hpc reprobe}: probe a registered cluster again through its entry. */
@Command(
    name = "reprobe",
    mixinStandardHelpOptions = true,
    description = {
      "Probe a registered cluster again through its entry in clusters.yaml as it is now, with the"
          + " same read-only commands as `exa hpc connect`. An entry edited since its last probe"
          + " cannot be approved until it is probed again: what was found must belong to what"
          + " approving pins.",
      "Its state and any approval are kept; an approved cluster whose entry changed stays"
          + " unschedulable until an admin approves it again."
    })
final class ReprobeCommand extends FleetCommand {
  @Parameters(index = "0", paramLabel = "NAME", description = "The registered cluster.")
  String name;

  @Override
  public Integer call() {
    ConnectCommand.print(
        output(), exa().fleet().governance().reprobe(exa().actor(), new ReprobeRequest(name)));
    return ExitCode.OK;
  }
}
