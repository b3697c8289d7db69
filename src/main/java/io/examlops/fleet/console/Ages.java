package io.examlops.fleet.console;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** How old a snapshot is, or how long a job has run, in words a person reads at a glance. */
final class Ages {
  /** A moment as lists show it: to the minute, in UTC, as the audit trail's times are. */
  private static final DateTimeFormatter WHEN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

  /** A moment as dense tables show it: to the minute, in UTC (said in the column's heading). */
  private static final DateTimeFormatter MINUTE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  private Ages() {}

  /** "2026-12-02 00:40"; "-" when unknown. */
  static String minute(Instant at) {
    return at == null ? "-" : MINUTE.format(at);
  }

  /** "2026-12-02 00:40 UTC"; "-" when unknown. */
  static String when(Instant at) {
    return at == null ? "-" : WHEN.format(at);
  }

  static String of(Instant at, Instant now) {
    if (at == null) {
      return "no snapshot yet";
    }
    return span(Duration.between(at, now)) + " ago";
  }

  /** "42 s", "3 min", "5 h", "2 d" (rounded down); "-" when unknown. */
  static String span(Duration d) {
    if (d == null) {
      return "-";
    }
    long seconds = Math.max(0, d.getSeconds());
    if (seconds < 60) {
      return seconds + " s";
    }
    if (seconds < 3600) {
      return seconds / 60 + " min";
    }
    if (seconds < 86_400) {
      return seconds / 3600 + " h";
    }
    return seconds / 86_400 + " d";
  }

  /**
   * A run time to the second, its two largest units: "42 s", "5 min 12 s", "1 h 05 min", "2 d 3 h";
   * "-" when unknown.
   */
  static String exact(Duration d) {
    if (d == null) {
      return "-";
    }
    long s = Math.max(0, d.getSeconds());
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min " + s % 60 + " s";
    }
    if (s < 86_400) {
      return s / 3600 + " h " + String.format("%02d", s % 3600 / 60) + " min";
    }
    return s / 86_400 + " d " + s % 86_400 / 3600 + " h";
  }
}
