package io.examlops.fleet.model;

import java.util.Optional;

/**
 * Text a person reads in a terminal or on a page (a reason, an acting user, a job's reason): one
 * line, without the characters that make text lie. Control characters move the cursor, recolour or
 * end a line; bidirectional overrides and isolates ({@code U+202E} shows {@code \u202Etoor} as
 * "root") reorder what follows them; line and paragraph separators break a line; a lone surrogate
 * is no character at all and is stored as {@code ?}. They are refused where text comes in ({@link
 * #require}) and escaped where it goes out ({@link #escaped}), the second line of defence for what
 * was stored before the rule, or comes from a scheduler.
 */
public final class OneLine {
  private OneLine() {}

  /**
   * The text, stripped, checked: 1 to {@code maxLength} characters, none of them refused.
   *
   * @param what what it is, in words ({@code the reason}, {@code the acting user})
   * @param field the request field it came in
   * @throws FleetException naming the field, the first refused character and where it is
   */
  public static String require(String what, String value, int maxLength, String field) {
    String text = value == null ? "" : value.strip();
    if (text.isEmpty()) {
      throw FleetException.invalid(what + " is empty: give one line of text", field);
    }
    if (text.length() > maxLength) {
      throw FleetException.invalid(
          what
              + " "
              + Printable.quoted(text)
              + " is "
              + text.length()
              + " characters long; at most "
              + maxLength
              + " are accepted",
          field);
    }
    problem(text)
        .ifPresent(
            p -> {
              throw FleetException.invalid(
                  what
                      + " "
                      + Printable.quoted(text)
                      + " holds "
                      + p
                      + ": use one line of plain text (no newline, control, bidirectional"
                      + " override or isolate character)",
                  field);
            });
    return text;
  }

  /** Whether the text holds no refused character (it may be empty or long). */
  public static boolean isPlain(String text) {
    return problem(text).isEmpty();
  }

  /** The first refused character of {@code text}, described with its position; empty if none. */
  public static Optional<String> problem(String text) {
    for (int i = 0; i < text.length(); ) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        boolean pair = pairAt(text, i);
        if (!pair) {
          return Optional.of(
              String.format("a lone surrogate (U+%04X) at character %d", (int) c, i + 1));
        }
        i += 2;
        continue;
      }
      if (refused(c)) {
        return Optional.of(String.format("%s (U+%04X) at character %d", name(c), (int) c, i + 1));
      }
      i++;
    }
    return Optional.empty();
  }

  /**
   * Whether a code point is refused in one line of text: a control character (C0, DEL, C1), a
   * bidirectional mark, embedding, override or isolate, or a line or paragraph separator.
   */
  public static boolean refused(int c) {
    return Character.isISOControl(c)
        || c == 0x061C // arabic letter mark
        || c == 0x200E // left-to-right mark
        || c == 0x200F // right-to-left mark
        || (c >= 0x202A && c <= 0x202E) // embeddings and overrides
        || (c >= 0x2066 && c <= 0x2069) // isolates
        || c == 0x2028 // line separator
        || c == 0x2029; // paragraph separator
  }

  /**
   * The text as it can be shown: each refused character and lone surrogate written as {@code
   * \\uXXXX}, so that it is seen, not obeyed. {@code null} stays {@code null}.
   */
  public static String escaped(String text) {
    if (text == null || isPlain(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean pair = pairAt(text, i);
      if (pair) {
        out.append(c).append(text.charAt(++i));
      } else if (Character.isSurrogate(c) || refused(c)) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * Text from a scheduler made one line: each refused character a space, runs of spaces one, at
   * most {@code maxLength} characters. For what the fleet stores of a scheduler's own words (a
   * job's reason), which it does not refuse.
   */
  public static String flattened(String text, int maxLength) {
    if (text == null) {
      return null;
    }
    StringBuilder out = new StringBuilder(Math.min(text.length(), maxLength));
    for (int i = 0; i < text.length() && out.length() < maxLength; i++) {
      char c = text.charAt(i);
      boolean pair = pairAt(text, i);
      if (pair) {
        if (out.length() + 2 > maxLength) {
          break;
        }
        out.append(c).append(text.charAt(++i));
      } else if (Character.isSurrogate(c) || refused(c) || c == ' ') {
        if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
          out.append(' ');
        }
      } else {
        out.append(c);
      }
    }
    return out.toString().strip();
  }

  private static String name(char c) {
    if (c == '\n') {
      return "a newline";
    }
    if (c == '\r') {
      return "a carriage return";
    }
    if (c == 0x1B) {
      return "an escape character";
    }
    if (Character.isISOControl(c)) {
      return "a control character";
    }
    if (c == 0x2028 || c == 0x2029) {
      return "a line separator";
    }
    return "a bidirectional control character";
  }

  /** Whether a surrogate pair (one code point above U+FFFF) starts at {@code i}. */
  private static boolean pairAt(String text, int i) {
    return Character.isHighSurrogate(text.charAt(i))
        && i + 1 < text.length()
        && Character.isLowSurrogate(text.charAt(i + 1));
  }
}
