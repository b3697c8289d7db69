package io.examlops.fleet.settings;

import java.util.Arrays;

/**
 * A secret setting (the SSH key passphrase): handed to the one place that uses it, never shown.
 * {@link #toString()} says only whether it is set, so a secret never reaches a message or a log by
 * accident.
 */
public final class Secret {
  /** No secret was given. */
  public static final Secret NONE = new Secret(null);

  private final char[] value;

  private Secret(char[] value) {
    this.value = value;
  }

  /** The secret in {@code text}; {@link #NONE} for {@code null} or an empty text. */
  public static Secret of(String text) {
    return text == null || text.isEmpty() ? NONE : new Secret(text.toCharArray());
  }

  public boolean isSet() {
    return value != null;
  }

  /** A copy of the secret for its one use; the caller wipes it. Empty when none is set. */
  public char[] reveal() {
    return value == null ? new char[0] : Arrays.copyOf(value, value.length);
  }

  @Override
  public String toString() {
    return isSet() ? "(secret)" : "(none)";
  }
}
