package io.examlops.fleet.scheduler.flux;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flux Standard Duration (RFC 23) as {@code flux jobs} prints it: a number with a unit that varies
 * with size ({@code 0.025s}, {@code 39s}, {@code 1.058m}, {@code 2.5h}, {@code 1.2d}, {@code 5ms}),
 * {@code inf}, or {@code -} for none.
 */
public final class FluxDuration {
  private static final Pattern FSD =
      Pattern.compile("((?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[+-]?\\d+)?)(ms|s|m|h|d)?");

  /** The longest Duration.ofNanos holds, about 292 years. */
  private static final BigDecimal MAX_SECONDS = BigDecimal.valueOf(Long.MAX_VALUE, 9);

  private static final BigDecimal ONE_NANO = BigDecimal.valueOf(1, 9);

  private FluxDuration() {}

  /**
   * The duration, or {@code null} for {@code -}, empty, or {@code inf}/{@code infinity} (no finite
   * value).
   *
   * @throws IllegalArgumentException for anything else
   */
  public static Duration parse(String text) {
    String value = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    if (value.isEmpty() || value.equals("-") || value.equals("inf") || value.equals("infinity")) {
      return null;
    }
    Matcher m = FSD.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a Flux duration (a number with ms, s, m, h or d)");
    }
    String unit = m.group(2) == null ? "s" : m.group(2);
    BigDecimal seconds;
    try {
      seconds = new BigDecimal(m.group(1)).multiply(secondsPer(unit));
    } catch (ArithmeticException | NumberFormatException e) {
      throw tooLong(text);
    }
    return Duration.ofNanos(nanos(seconds, text));
  }

  /**
   * Nanoseconds in {@code seconds}, range-checked before any digits are written out: expanding
   * {@code 9e9999999} takes longer than a minute.
   *
   * @throws IllegalArgumentException beyond what a Duration (or an Instant in nanoseconds) holds
   */
  static long nanos(BigDecimal seconds, String text) {
    if (seconds.abs().compareTo(MAX_SECONDS) > 0) {
      throw tooLong(text);
    }
    return seconds.abs().compareTo(ONE_NANO) < 0 ? 0 : seconds.movePointRight(9).longValue();
  }

  private static IllegalArgumentException tooLong(String text) {
    return new IllegalArgumentException(
        "'" + text + "' is too long a time for Flux (at most " + MAX_SECONDS + " s)");
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
