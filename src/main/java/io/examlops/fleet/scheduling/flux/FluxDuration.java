package io.examlops.fleet.scheduling.flux;

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
    BigDecimal seconds = new BigDecimal(m.group(1)).multiply(secondsPer(unit));
    return Duration.ofNanos(seconds.movePointRight(9).longValue());
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
