package io.examlops.fleet.model;

/** Shows untrusted text in messages without letting control characters reach a terminal. */
public final class Printable {
  private static final int MAX_SHOWN = 80;

  private Printable() {}

  /**
   * The text in single quotes, control characters escaped, cut at 80 characters; key material is
   * never shown.
   */
  public static String quoted(String text) {
    if (text == null) {
      return "(none)";
    }
    if (KeyMaterial.looksLikePrivateKey(text)) {
      return "(a value that looks like private key material, not shown)";
    }
    StringBuilder out = new StringBuilder("'");
    text.codePoints()
        .limit(MAX_SHOWN)
        .forEach(
            c -> {
              if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", c));
              } else {
                out.appendCodePoint(c);
              }
            });
    if (text.codePointCount(0, text.length()) > MAX_SHOWN) {
      out.append("...");
    }
    return out.append('\'').toString();
  }
}
