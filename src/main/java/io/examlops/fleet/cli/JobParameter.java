package io.examlops.fleet.cli;

/** The JOB argument of every command that takes one job: its words, said once. */
final class JobParameter {
  static final String DESCRIPTION =
      "The job: #ID for the fleet's id (#12), SCHEDULER:ID for the scheduler's (slurm:12,"
          + " flux:ƒCfjPArK), or a bare id when only one tracked job has it.";

  private JobParameter() {}
}
