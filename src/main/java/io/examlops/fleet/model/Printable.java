package io.examlops.fleet.model;

/** Shows untrusted text in messages without letting control characters reach a terminal. */
public final class Printable {
  private static final int MAX_SHOWN = 80;

  private Printable() {}

  /** The text in single quotes, control characters escaped, cut at 80 characters. */
  public static String quoted(String text) {
    if (text == null) {
      return "(none)";
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
