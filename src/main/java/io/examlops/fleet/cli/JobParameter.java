package io.examlops.fleet.cli;

import picocli.CommandLine.Parameters;

/** The JOB argument of every command that takes one job: declared, and said, once. */
final class JobParameter {
  @Parameters(
      index = "0",
      paramLabel = "JOB",
      description =
          "The job: #ID for the fleet's id (#12), SCHEDULER:ID for the scheduler's (slurm:12,"
              + " flux:ƒCfjPArK), or a bare id when only one tracked job has it.")
  String job;
}
