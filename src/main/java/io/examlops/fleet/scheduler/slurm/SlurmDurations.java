package io.examlops.fleet.scheduler.slurm;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slurm's elapsed-time text: {@code M:SS} and {@code H:MM:SS} ({@code squeue %M}), {@code
 * HH:MM:SS} and {@code D-HH:MM:SS} ({@code sacct Elapsed}), optionally with fractional seconds.
 */
public final class SlurmDurations {
  private static final Pattern ELAPSED =
      Pattern.compile("(?:(\\d+)-)?(?:(\\d+):)?(\\d+):(\\d+)(?:\\.(\\d{1,9}))?");

  private SlurmDurations() {}

  /**
   * The duration, or {@code null} for the words Slurm prints when it has none ({@code INVALID},
   * {@code UNLIMITED}, {@code N/A}, empty).
   *
   * @throws IllegalArgumentException for anything else, naming the accepted forms
   */
  public static Duration parse(String text) {
    String value = text == null ? "" : text.trim();
    if (value.isEmpty()
        || value.equalsIgnoreCase("INVALID")
        || value.equalsIgnoreCase("UNLIMITED")
        || value.equalsIgnoreCase("N/A")) {
      return null;
    }
    Matcher m = ELAPSED.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + value + "' is not a Slurm time (M:SS, H:MM:SS or D-HH:MM:SS)");
    }
    long days = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
    long hours = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
    long minutes = Long.parseLong(m.group(3));
    long seconds = Long.parseLong(m.group(4));
    if (m.group(1) != null && m.group(2) == null) {
      throw new IllegalArgumentException(
          "'" + value + "' has days but no hours: expected D-HH:MM:SS");
    }
    if (seconds > 59 || (m.group(2) != null && minutes > 59)) {
      throw new IllegalArgumentException("'" + value + "' has minutes or seconds above 59");
    }
    String fraction = m.group(5);
    try {
      Duration whole =
          Duration.ofDays(days).plusHours(hours).plusMinutes(minutes).plusSeconds(seconds);
      return fraction == null
          ? whole
          : whole.plusNanos(Long.parseLong((fraction + "00000000").substring(0, 9)));
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("'" + value + "' is too long to be a Slurm time");
    }
  }
}
