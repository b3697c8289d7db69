package io.examlops.fleet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code exa hpc}: the fleet commands (registered in {@link CommandTree}). */
@Command(
    name = "hpc",
    mixinStandardHelpOptions = true,
    description = "Discover, approve and schedule on HPC clusters.")
final class HpcCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
