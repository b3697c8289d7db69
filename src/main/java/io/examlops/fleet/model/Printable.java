package io.examlops.fleet.model;

/**
 * Shows untrusted text in messages without letting control characters (or bidirectional overrides,
 * see {@link OneLine}) reach a terminal.
 */
public final class Printable {
  private static final int MAX_SHOWN = 80;

  private Printable() {}

  /**
   * The text in single quotes, control and bidirectional characters and lone surrogates escaped,
   * cut at 80 characters; key material is never shown.
   */
  public static String quoted(String text) {
    if (text == null) {
      return "(none)";
    }
    if (KeyMaterial.looksLikePrivateKey(text)) {
      return "(a value that looks like private key material, not shown)";
    }
    int cut =
        text.codePointCount(0, text.length()) > MAX_SHOWN
            ? text.offsetByCodePoints(0, MAX_SHOWN)
            : -1;
    String shown = OneLine.escaped(cut < 0 ? text : text.substring(0, cut));
    return "'" + shown + (cut < 0 ? "" : "...") + "'";
  }
}
