package io.examlops.fleet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code exa hpc}: the fleet commands. */
@Command(
    name = "hpc",
    mixinStandardHelpOptions = true,
    description = "Discover, approve and schedule on HPC clusters.",
    subcommands = {
      DetectCommand.class,
      NodesCommand.class,
      GpusCommand.class,
      ConnectCommand.class,
      ClustersCommand.class,
      ApproveCommand.class,
      RejectCommand.class,
      EnvCommand.class,
      AuditCommand.class,
      PlaceCommand.class,
      QueueCommand.class,
      PreflightCommand.class,
      SubmitCommand.class,
      JobsCommand.class,
      CancelCommand.class,
      LogsCommand.class,
      CapacityCommand.class
    })
final class HpcCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
