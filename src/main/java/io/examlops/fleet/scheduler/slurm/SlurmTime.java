package io.examlops.fleet.scheduler.slurm;

import java.util.Locale;

/** Slurm time limits as sinfo prints them (%l, TIMELIMIT). */
final class SlurmTime {
  private SlurmTime() {}

  /**
   * Whole minutes of a limit in any form Slurm accepts: {@code MM}, {@code MM:SS}, {@code
   * HH:MM:SS}, {@code D-HH}, {@code D-HH:MM}, {@code D-HH:MM:SS}; {@code null} for {@code
   * infinite}/{@code UNLIMITED} and for {@code n/a} (no limit known).
   */
  static Long minutes(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("infinite") || t.equals("unlimited") || t.equals("n/a") || t.equals("none")) {
      return null;
    }
    long days = 0;
    int dash = t.indexOf('-');
    String clock = t;
    if (dash >= 0) {
      days = number(text, t.substring(0, dash));
      clock = t.substring(dash + 1);
    }
    String[] parts = clock.split(":", -1);
    if (parts.length > 3) {
      throw new IllegalArgumentException("invalid time limit '" + text + "'");
    }
    long hours = 0;
    long minutes;
    long seconds = 0;
    if (dash >= 0) {
      // days-hours[:minutes[:seconds]]
      hours = number(text, parts[0]);
      minutes = parts.length > 1 ? number(text, parts[1]) : 0;
      seconds = parts.length > 2 ? number(text, parts[2]) : 0;
    } else if (parts.length == 3) {
      hours = number(text, parts[0]);
      minutes = number(text, parts[1]);
      seconds = number(text, parts[2]);
    } else {
      minutes = number(text, parts[0]);
      seconds = parts.length == 2 ? number(text, parts[1]) : 0;
    }
    return ((days * 24 + hours) * 60 + minutes) + seconds / 60;
  }

  private static long number(String text, String part) {
    if (part.isEmpty() || part.length() > 9 || !part.chars().allMatch(Character::isDigit)) {
      throw new IllegalArgumentException(
          "invalid time limit '" + text + "': expected [days-]hours:minutes:seconds or infinite");
    }
    return Long.parseLong(part);
  }
}
