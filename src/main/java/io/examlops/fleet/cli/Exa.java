package io.examlops.fleet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code exa} command line. */
@Command(
    name = "exa",
    mixinStandardHelpOptions = true,
    version = "exa (HPC Fleet) 0.1.0",
    description = "HPC Fleet: discover, approve and schedule on Slurm and Flux GPU clusters.")
public final class Exa implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new Exa()).execute(args));
  }
}
