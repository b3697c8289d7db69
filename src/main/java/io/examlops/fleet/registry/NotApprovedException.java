package io.examlops.fleet.registry;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Hint;

/**
 * The approval gate refused: the cluster is not ACTIVE, or what was approved (host, user, port,
 * key, host key) has changed since. The message says which and what to do.
 */
public final class NotApprovedException extends RegistryException {
  private static final long serialVersionUID = 1L;

  public NotApprovedException(String reason, Hint hint) {
    super(ErrorKind.NOT_APPROVED, reason, hint, null);
  }
}
