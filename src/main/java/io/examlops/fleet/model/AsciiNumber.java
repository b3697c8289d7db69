package io.examlops.fleet.model;

import java.math.BigDecimal;

/**
 * Numbers as people and programs write them here: ASCII digits only. Java's own readers ({@code
 * Integer.parseInt}, {@code new BigDecimal}) take any script's digits, so {@code ٣} (Arabic-Indic
 * three) would be read as 3 while every log, table and scheduler shows the character; such text is
 * refused as "not a number" wherever a number is expected.
 */
public final class AsciiNumber {
  private AsciiNumber() {}

  /**
   * An optionally signed run of ASCII digits as an int.
   *
   * @throws NumberFormatException when it is not one, or out of the int range
   */
  public static int parseInt(String text) {
    requireAscii(text, false);
    return Integer.parseInt(text);
  }

  /** As {@link #parseInt}, for a long. */
  public static long parseLong(String text) {
    requireAscii(text, false);
    return Long.parseLong(text);
  }

  /**
   * A decimal number written with ASCII digits, an optional sign, point and exponent.
   *
   * @throws NumberFormatException when it is not one
   */
  public static BigDecimal parseDecimal(String text) {
    requireAscii(text, true);
    return new BigDecimal(text);
  }

  /** Whether every character is an ASCII digit (and there is at least one). */
  public static boolean isDigits(String text) {
    return text != null && !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  private static void requireAscii(String text, boolean decimal) {
    if (text == null) {
      throw new NumberFormatException("no number");
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok =
          (c >= '0' && c <= '9')
              || c == '-'
              || c == '+'
              || (decimal && (c == '.' || c == 'e' || c == 'E'));
      if (!ok) {
        throw new NumberFormatException("not an ASCII number: character " + (i + 1));
      }
    }
  }
}
