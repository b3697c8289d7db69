package io.examlops.fleet.placement;

import java.time.Duration;

/** Ages in the largest whole unit, as explanations print them: {@code 3 days}, {@code 40 min}. */
public final class Ages {
  private Ages() {}

  public static String describe(Duration age) {
    if (age.isNegative()) {
      // A snapshot stamped in the future (clock skew between hosts) is as fresh as one from now.
      return "0 s";
    }
    if (age.toDays() >= 1) {
      return plural(age.toDays(), "day");
    }
    if (age.toHours() >= 1) {
      return age.toHours() + " h";
    }
    if (age.toMinutes() >= 1) {
      return age.toMinutes() + " min";
    }
    return age.toSeconds() + " s";
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }
}
