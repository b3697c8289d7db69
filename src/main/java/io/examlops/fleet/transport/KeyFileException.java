package io.examlops.fleet.transport;

/**
 * A private key file cannot be used: missing, unreadable, not a private key, readable by others, or
 * locked by a passphrase that is not available. The message names the file and the fix, and never
 * contains key material or the passphrase.
 */
public final class KeyFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  KeyFileException(String message) {
    super(message);
  }
}
