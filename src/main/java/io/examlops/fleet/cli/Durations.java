package io.examlops.fleet.cli;

import java.time.Duration;

/** Durations the way people read them in tables. */
final class Durations {
  private Durations() {}

  /** {@code 1-02:03:04}, {@code 02:03:04}, {@code 03:04}; {@code -} for unknown. */
  static String human(Duration d) {
    if (d == null) {
      return "-";
    }
    long s = d.getSeconds();
    long days = s / 86400;
    String clock = String.format("%02d:%02d:%02d", (s % 86400) / 3600, (s % 3600) / 60, s % 60);
    return days > 0 ? days + "-" + clock : clock;
  }

  static String human(Long seconds) {
    return seconds == null ? "-" : human(Duration.ofSeconds(seconds));
  }
}
