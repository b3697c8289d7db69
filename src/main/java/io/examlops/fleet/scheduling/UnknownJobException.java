package io.examlops.fleet.scheduling;

/** A job id that no tracked submission has. */
public final class UnknownJobException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnknownJobException(String id) {
    super(
        "no tracked job '" + id + "': use the fleet id or the scheduler's id that `exa hpc jobs`"
            + " shows");
  }
}
