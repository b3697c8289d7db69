package io.examlops.fleet.access;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.registry.RegistryException;

/** A user or token that is not there, or one that would clash with what is there. */
public final class AccessException extends RegistryException {
  /** What went wrong, for the surfaces' status codes. */
  public enum Problem {
    NOT_FOUND,
    CONFLICT
  }

  private final Problem problem;

  AccessException(Problem problem, String message) {
    // A user or token that is not there is a bad request; one that clashes is a conflict.
    super(
        problem == Problem.NOT_FOUND ? ErrorKind.INVALID_REQUEST : ErrorKind.CONFLICT,
        message,
        null,
        null);
    this.problem = problem;
  }

  public Problem problem() {
    return problem;
  }
}
