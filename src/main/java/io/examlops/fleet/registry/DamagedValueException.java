package io.examlops.fleet.registry;

/**
 * A value read from platform.db that no version of exa writes (JSON that does not read back as what
 * was written). Thrown while a row is read; {@link PlatformDb} reports it as the store's damage,
 * naming its file and a fix ({@link StoreFailures#damagedValue}).
 */
final class DamagedValueException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  DamagedValueException(String message) {
    super(message);
  }
}
