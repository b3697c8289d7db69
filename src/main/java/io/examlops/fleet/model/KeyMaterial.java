package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * Recognises private key material where a path or a name was expected, so that it is refused
 * without ever being shown: no message, log line, file or database row may carry it.
 */
public final class KeyMaterial {
  /** Longest path accepted for a key file; longer values are refused without being shown. */
  public static final int MAX_PATH = 4096;

  private static final Pattern MARKERS =
      Pattern.compile(
          "-----BEGIN [A-Z0-9 ]*-----|PRIVATE KEY-----|PuTTY-User-Key-File-"
              // "openssh-key-v1" in base64: the body of an OpenSSH key pasted without its lines
              + "|b3BlbnNzaC1rZXktdjE",
          Pattern.CASE_INSENSITIVE);
  // A line of a pasted PEM or OpenSSH body: long, and nothing but base64.
  private static final Pattern BASE64_LINE = Pattern.compile("(?m)^[A-Za-z0-9+/=]{40,}\\r?$");
  private static final Pattern BLOCK =
      Pattern.compile(
          "-----BEGIN [A-Z0-9 ]*-----.*?(-----END [A-Z0-9 ]*-----|\\z)"
              + "|b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=\\s]*",
          Pattern.DOTALL | Pattern.CASE_INSENSITIVE);

  private KeyMaterial() {}

  /** Whether {@code value} holds (part of) a private key rather than a path, name or text. */
  public static boolean looksLikePrivateKey(String value) {
    if (value == null) {
      return false;
    }
    return MARKERS.matcher(value).find()
        || (value.indexOf('\n') >= 0 && BASE64_LINE.matcher(value).find());
  }

  /**
   * A key file path given by {@code source} (an option or variable name), refused without being
   * shown when it is key material, several lines, or longer than any path.
   */
  public static String requireKeyPath(String value, String source) {
    if (looksLikePrivateKey(value)) {
      throw FleetException.invalid(refusal(source));
    }
    if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.length() > MAX_PATH) {
      throw FleetException.invalid(
          source
              + " holds "
              + (value.length() > MAX_PATH
                  ? value.length() + " characters"
                  : value.lines().count() + " lines")
              + ", which is not a file path (the value is not shown). A path to the key file is"
              + " expected, e.g. ~/.ssh/id_ed25519");
    }
    return value;
  }

  /** Why a value from {@code source} that holds key material is refused; it never shows it. */
  public static String refusal(String source) {
    return source
        + " holds what looks like private key material; it is not shown, stored or logged."
        + " A path to the key file is expected, e.g. ~/.ssh/id_ed25519 (keep the key in a file"
        + " readable only by you: chmod 600)";
  }

  /** {@code text} with every private key block (or pasted key body) replaced by a marker. */
  public static String redact(String text) {
    if (text == null || !looksLikePrivateKey(text)) {
      return text;
    }
    String blocks = BLOCK.matcher(text).replaceAll("[private key material removed]");
    return BASE64_LINE.matcher(blocks).replaceAll("[private key material removed]");
  }
}
