package io.examlops.fleet.scheduler.flux;

import java.time.Duration;

/** Durations written as Flux writes them in its messages: {@code 30m}, {@code 2h}, {@code 90s}. */
final class FluxDurations {
  private FluxDurations() {}

  static String text(Duration d) {
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
}
