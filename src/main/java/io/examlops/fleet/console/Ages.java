package io.examlops.fleet.console;

import java.time.Duration;
import java.time.Instant;

/** How old a snapshot is, in words a person reads at a glance. */
final class Ages {
  private Ages() {}

  static String of(Instant at, Instant now) {
    if (at == null) {
      return "no snapshot yet";
    }
    long seconds = Math.max(0, Duration.between(at, now).getSeconds());
    if (seconds < 60) {
      return seconds + " s ago";
    }
    if (seconds < 3600) {
      return seconds / 60 + " min ago";
    }
    if (seconds < 86_400) {
      return seconds / 3600 + " h ago";
    }
    return seconds / 86_400 + " d ago";
  }
}
