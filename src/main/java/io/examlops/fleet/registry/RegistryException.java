package io.examlops.fleet.registry;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;

/**
 * A registry operation was refused or its storage could not be used. The message says what, where
 * and how to fix it; nothing stored was changed.
 */
public class RegistryException extends FleetException {
  private static final long serialVersionUID = 1L;

  public RegistryException(String message) {
    super(ErrorKind.CONFLICT, message);
  }

  public RegistryException(String message, Hint hint) {
    super(ErrorKind.CONFLICT, message, hint, null);
  }

  public RegistryException(String message, Throwable cause) {
    super(ErrorKind.CONFLICT, message, null, cause);
  }

  protected RegistryException(ErrorKind kind, String message, Hint hint, Throwable cause) {
    super(kind, message, hint, cause);
  }
}
