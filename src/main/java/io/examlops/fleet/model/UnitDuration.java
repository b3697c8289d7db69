package io.examlops.fleet.model;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flux Standard Duration (RFC 23), the one reader of it (here, beside the values, since a {@link
 * TimeLimit} a user writes may take this form): as {@code flux jobs} prints it, a number with a
 * unit that varies with size ({@code 0.025s}, {@code 39s}, {@code 1.058m}, {@code 2.5h}, {@code
 * 1.2d}, {@code 5ms}), {@code inf}, or {@code -} for none; as Flux's configuration and users write
 * it ({@code 1h}, {@code 30m}).
 */
public final class UnitDuration {
  private static final Pattern FSD =
      Pattern.compile("((?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[+-]?\\d+)?)(ms|s|m|h|d)?");

  /** The longest Duration.ofNanos holds, about 292 years. */
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE, 9);

  private static final BigDecimal ONE_NANO = BigDecimal.valueOf(1, 9);

  private UnitDuration() {}

  /**
   * The duration, or {@code null} for {@code -}, empty, or {@code inf}/{@code infinity} (no finite
   * value).
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Duration parse(String text) {
    String value = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    if (value.isEmpty() || value.equals("-") || isInfinite(value)) {
      return null;
    }
    return Duration.ofNanos(nanos(seconds(text, value), text));
  }

  /** Whether the text is Flux's word for no limit. */
  public static boolean isInfinite(String text) {
    String value = text.strip().toLowerCase(Locale.ROOT);
    return value.equals("inf") || value.equals("infinity");
  }

  /**
   * Whether the text names its unit ({@code 90s}, {@code 1.5h}) rather than being a bare number.
   */
  public static boolean hasUnit(String text) {
    return text != null && !text.isEmpty() && Character.isLetter(text.charAt(text.length() - 1));
  }

  /**
   * The seconds a finite duration stands for (a bare number is seconds), within what a Duration
   * holds.
   *
   * @throws IllegalArgumentException when the text is not one, or is too long a time
   */
  public static BigDecimal seconds(String text) {
    BigDecimal seconds = seconds(text, text.strip().toLowerCase(Locale.ROOT));
    nanos(seconds, text);
    return seconds;
  }

  private static BigDecimal seconds(String text, String value) {
    Matcher m = FSD.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a duration with a unit (a number with ms, s, m, h or d)");
    }
    String unit = m.group(2) == null ? "s" : m.group(2);
    try {
      return new BigDecimal(m.group(1)).multiply(secondsPer(unit));
    } catch (ArithmeticException | NumberFormatException e) {
      throw tooLong(text);
    }
  }

  /** The duration as Flux writes it in its messages: {@code 30m}, {@code 2h}, {@code 90s}. */
  public static String text(Duration d) {
    long s = d.toSeconds();
    if (s % 86400 == 0) {
      return s / 86400 + "d";
    }
    if (s % 3600 == 0) {
      return s / 3600 + "h";
    }
    if (s % 60 == 0) {
      return s / 60 + "m";
    }
    return s + "s";
  }

  /**
   * Nanoseconds in {@code seconds}, range-checked before any digits are written out: expanding
   * {@code 9e9999999} takes longer than a minute.
   *
   * @throws IllegalArgumentException beyond what a Duration (or an Instant in nanoseconds) holds
   */
  public static long nanos(BigDecimal seconds, String text) {
    if (seconds.abs().compareTo(MAX_SECONDS) > 0) {
      throw tooLong(text);
    }
    return seconds.abs().compareTo(ONE_NANO) < 0 ? 0 : seconds.movePointRight(9).longValue();
  }

  private static IllegalArgumentException tooLong(String text) {
    return new IllegalArgumentException(
        "'" + text + "' is too long a time (at most " + MAX_SECONDS + " s)");
  }

  private static BigDecimal secondsPer(String unit) {
    switch (unit) {
      case "ms":
        return new BigDecimal("0.001");
      case "m":
        return BigDecimal.valueOf(60);
      case "h":
        return BigDecimal.valueOf(3600);
      case "d":
        return BigDecimal.valueOf(86400);
      default:
        return BigDecimal.ONE;
    }
  }
}
