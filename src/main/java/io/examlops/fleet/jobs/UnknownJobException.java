package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.Printable;

/** A job id that no tracked submission has. */
public final class UnknownJobException extends FleetException {
  private static final long serialVersionUID = 1L;

  public UnknownJobException(String id) {
    super(
        ErrorKind.UNKNOWN_JOB,
        "no tracked job " + Printable.quoted(id) + ": give " + io.examlops.fleet.model.JobRef.RULE,
        Hint.of(Hint.Action.LIST_JOBS));
  }
}
