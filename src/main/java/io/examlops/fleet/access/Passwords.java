package io.examlops.fleet.access;

import at.favre.lib.crypto.bcrypt.BCrypt;
import io.examlops.fleet.model.FleetException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;

/** bcrypt hashes of console passwords, and the rule a new password follows. */
final class Passwords {
  /** bcrypt's cost: 2^10 rounds, about 60 ms here; a login is slow on purpose, a guess costly. */
  private static final int COST = 10;

  static final int MIN_LENGTH = 10;

  /** bcrypt reads at most 72 bytes; a longer password would be cut without a word. */
  static final int MAX_BYTES = 72;

  /** Compared against when a user does not exist, so that its absence takes as long to learn. */
  private static final String ABSENT = hash("no such user, ever".toCharArray());

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final char[] ALPHABET =
      "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789".toCharArray();

  private Passwords() {}

  static String hash(char[] password) {
    byte[] bytes = utf8(password);
    try {
      return new String(BCrypt.withDefaults().hash(COST, bytes), StandardCharsets.US_ASCII);
    } finally {
      Arrays.fill(bytes, (byte) 0);
    }
  }

  /** Whether the password matches; {@code hash} null means no such user (still costs a check). */
  static boolean matches(char[] password, String hash) {
    byte[] bytes = utf8(password);
    try {
      return BCrypt.verifyer()
              .verify(bytes, (hash == null ? ABSENT : hash).getBytes(StandardCharsets.US_ASCII))
              .verified
          && hash != null;
    } finally {
      Arrays.fill(bytes, (byte) 0);
    }
  }

  /** Refuses a password too short, too long for bcrypt, or with control characters. */
  static void requireAcceptable(char[] password, String user) {
    if (password == null || password.length < MIN_LENGTH) {
      throw FleetException.invalid(
          "the password for user '"
              + user
              + "' is too short: use at least "
              + MIN_LENGTH
              + " characters");
    }
    byte[] bytes = utf8(password);
    int length = bytes.length;
    Arrays.fill(bytes, (byte) 0);
    if (length > MAX_BYTES) {
      throw FleetException.invalid(
          "the password for user '"
              + user
              + "' is "
              + length
              + " bytes long: bcrypt reads at"
              + " most "
              + MAX_BYTES
              + "; use a shorter one");
    }
    for (char c : password) {
      if (Character.isISOControl(c)) {
        throw FleetException.invalid(
            "the password for user '"
                + user
                + "' contains a control character (a newline?):"
                + " use printable characters only");
      }
    }
  }

  /** A random password of 20 characters from an alphabet without look-alikes (0/O, 1/l). */
  static char[] random() {
    char[] password = new char[20];
    for (int i = 0; i < password.length; i++) {
      password[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
    }
    return password;
  }

  /**
   * A secret's UTF-8 bytes, for whoever checks or sends it; the encoder's own copy is wiped, the
   * caller wipes the answer.
   */
  static byte[] utf8(char[] chars) {
    ByteBuffer buffer = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    Arrays.fill(buffer.array(), (byte) 0);
    return bytes;
  }
}
