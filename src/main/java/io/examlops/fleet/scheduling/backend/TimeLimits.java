package io.examlops.fleet.scheduling.backend;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Job time limits as users write them (Slurm's {@code -t} forms and Flux standard durations) and as
 * each scheduler takes them. A bare number is minutes in both schedulers.
 */
public final class TimeLimits {
  private static final Pattern MINUTES = Pattern.compile("(\\d+)");
  private static final Pattern MINUTES_SECONDS = Pattern.compile("(\\d+):(\\d+)");
  private static final Pattern HOURS_MINUTES_SECONDS = Pattern.compile("(\\d+):(\\d+):(\\d+)");
  private static final Pattern DAYS = Pattern.compile("(\\d+)-(\\d+)(?::(\\d+)(?::(\\d+))?)?");
  private static final Pattern FSD = Pattern.compile("(\\d+(?:\\.\\d+)?)([smhd])");

  private TimeLimits() {}

  /**
   * Reads {@code 90} (minutes), {@code 30:00} (minutes:seconds), {@code 2:00:00}, {@code 1-12}
   * (days-hours), {@code 1-12:30}, {@code 1-12:30:00}, or a Flux duration {@code 90s}, {@code
   * 1.5h}, {@code 2d}. Fractions of a second are rounded up. Minutes and seconds after a colon
   * are 0 to 59, and hours after a day count 0 to 23.
   *
   * @throws IllegalArgumentException naming the accepted forms
   */
  public static Duration parse(String text) {
    String t = text == null ? "" : text.strip();
    Matcher m;
    Duration limit = null;
    if ((m = MINUTES.matcher(t)).matches()) {
      limit = Duration.ofMinutes(number(m, 1));
    } else if ((m = MINUTES_SECONDS.matcher(t)).matches()) {
      limit = Duration.ofMinutes(number(m, 1)).plusSeconds(field(text, m, 2, "seconds", 59));
    } else if ((m = HOURS_MINUTES_SECONDS.matcher(t)).matches()) {
      limit =
          Duration.ofHours(number(m, 1))
              .plusMinutes(field(text, m, 2, "minutes", 59))
              .plusSeconds(field(text, m, 3, "seconds", 59));
    } else if ((m = DAYS.matcher(t)).matches()) {
      limit =
          Duration.ofDays(number(m, 1))
              .plusHours(field(text, m, 2, "hours", 23))
              .plusMinutes(field(text, m, 3, "minutes", 59))
              .plusSeconds(field(text, m, 4, "seconds", 59));
    } else if ((m = FSD.matcher(t)).matches()) {
      BigDecimal unit =
          BigDecimal.valueOf(
              switch (m.group(2)) {
                case "s" -> 1;
                case "m" -> 60;
                case "h" -> 3600;
                default -> 86400;
              });
      limit =
          Duration.ofSeconds(
              new BigDecimal(m.group(1))
                  .multiply(unit)
                  .setScale(0, RoundingMode.CEILING)
                  .longValueExact());
    }
    if (limit == null || limit.isZero()) {
      throw new IllegalArgumentException(
          "time limit '"
              + text
              + "' is not understood: use minutes (90), [H:]M:S (2:00:00),"
              + " D-H[:M[:S]] (1-12:00), or a duration with a unit (90s, 30m, 1.5h, 2d), above 0");
    }
    return limit;
  }

  /** Slurm's {@code -t} form: {@code HH:MM:SS}, or {@code D-HH:MM:SS} from one day on. */
  public static String slurm(Duration limit) {
    long s = limit.getSeconds();
    String clock = String.format("%02d:%02d:%02d", s / 3600 % 24, s / 60 % 60, s % 60);
    return s >= 86400 ? s / 86400 + "-" + clock : clock;
  }

  /** Flux's {@code -t} form: whole seconds with the unit, e.g. {@code 5400s}. */
  public static String flux(Duration limit) {
    return limit.getSeconds() + "s";
  }

  /** A clock field, which Slurm reads modulo its range: 99 minutes is refused, not 1:39. */
  private static long field(String text, Matcher m, int group, String what, int max) {
    long value = number(m, group);
    if (value > max) {
      throw new IllegalArgumentException(
          "time limit '"
              + text
              + "': "
              + what
              + " "
              + value
              + " is out of range (0 to "
              + max
              + "); write e.g. 1-01:30:00 for a day, an hour and a half, or 90 for 90 minutes");
    }
    return value;
  }

  private static long number(Matcher m, int group) {
    String value = m.group(group);
    if (value == null) {
      return 0;
    }
    if (value.length() > 9) {
      throw new IllegalArgumentException("time limit part '" + value + "' is too large");
    }
    return Long.parseLong(value);
  }
}
