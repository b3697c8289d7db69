package io.examlops.fleet.transport;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;

/**
 * A private key file cannot be used: missing, unreadable, not a private key, readable by others, or
 * locked by a passphrase that is not available. The message names the file and the fix, and never
 * contains key material or the passphrase.
 */
public final class KeyFileException extends FleetException {
  private static final long serialVersionUID = 1L;

  KeyFileException(String message) {
    super(ErrorKind.KEY_FILE, message);
  }
}
