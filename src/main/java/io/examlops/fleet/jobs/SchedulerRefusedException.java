package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;

/** The scheduler refused a job or a request; the message carries its own words. */
public final class SchedulerRefusedException extends FleetException {
  private static final long serialVersionUID = 1L;

  public SchedulerRefusedException(String message) {
    super(ErrorKind.SCHEDULER_REFUSED, message);
  }
}
