package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.transport.CommandResult;

/**
 * A scheduler command failed in a way that is no answer about the job: the controller is down, the
 * command is missing, the request was invalid before it reached the scheduler. The message names
 * the command, where it ran and what the scheduler said.
 */
public final class BackendException extends FleetException {
  private static final long serialVersionUID = 1L;

  public BackendException(String message) {
    super(ErrorKind.SCHEDULER_REFUSED, message);
  }

  public BackendException(String message, Throwable cause) {
    super(ErrorKind.SCHEDULER_REFUSED, message, null, cause);
  }

  /** {@code `squeue ...` failed on user@host with exit 1: <first lines of stderr>}. */
  public static BackendException failed(String target, CommandResult result, String advice) {
    String oneLine = result.saidInOneLine();
    return new BackendException(
        result.failedOn(target)
            + (oneLine.isEmpty() ? " and no message" : ": " + oneLine)
            + (result.commandNotFound() ? "; the command is not on the PATH of this login" : "")
            + (advice == null ? "" : "; " + advice));
  }
}
