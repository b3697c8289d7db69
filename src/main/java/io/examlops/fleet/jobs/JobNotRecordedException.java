package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;

/**
 * The scheduler accepted a job, but completing its record in platform.db failed: the job runs, and
 * the message says exactly which one (cluster, scheduler and fleet id), why it is not fully
 * recorded, and how to follow or cancel it, so that nothing is silently lost.
 */
public final class JobNotRecordedException extends FleetException {
  private static final long serialVersionUID = 1L;

  public JobNotRecordedException(
      String cluster,
      String scheduler,
      String schedulerJobId,
      long fleetId,
      String manualCancel,
      RuntimeException cause) {
    super(
        ErrorKind.JOB_NOT_RECORDED,
        cluster
            + " ("
            + scheduler
            + ") accepted the job as "
            + schedulerJobId
            + " and it runs,"
            + " but its record could not be completed: "
            + cause.getMessage()
            + ". The fleet"
            + " lists it as job "
            + fleetId
            + ", state submitting, without the scheduler's id;"
            + " follow it in the cluster's queue, and if it should not run, cancel it on the cluster: "
            + manualCancel,
        Hint.of(Hint.Action.SHOW_QUEUE, cluster),
        cause);
  }
}
