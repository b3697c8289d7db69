package io.examlops.fleet.scheduling;

/** The scheduler refused a job or a request; the message carries its own words. */
public final class SchedulerRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SchedulerRefusedException(String message) {
    super(message);
  }
}
