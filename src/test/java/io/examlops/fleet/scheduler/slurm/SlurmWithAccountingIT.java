package io.examlops.fleet.scheduler.slurm;

/** {@link SlurmJobsChecks} on the testbed as slurm-up.sh starts it: slurmdbd, sacct answering. */
class SlurmWithAccountingIT extends SlurmJobsChecks {}
