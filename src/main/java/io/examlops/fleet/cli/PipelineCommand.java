package io.examlops.fleet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code exa pipeline}: training pipelines that run on the fleet. */
@Command(
    name = "pipeline",
    mixinStandardHelpOptions = true,
    description = "Run training pipelines on approved clusters.",
    subcommands = {PipelineRunCommand.class})
final class PipelineCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
