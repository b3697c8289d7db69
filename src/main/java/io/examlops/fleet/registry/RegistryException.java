package io.examlops.fleet.registry;

/**
 * A registry operation was refused or its storage could not be used. The message says what, where
 * and how to fix it; nothing stored was changed.
 */
public class RegistryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RegistryException(String message) {
    super(message);
  }

  public RegistryException(String message, Throwable cause) {
    super(message, cause);
  }
}
