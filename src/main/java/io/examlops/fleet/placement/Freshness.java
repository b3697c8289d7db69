package io.examlops.fleet.placement;

import java.time.Duration;
import java.util.Objects;

/**
 * How old a node snapshot may be. Younger than {@code staleAfter}: fresh. Older: stale, still used
 * but ranked below every fresh one. Older than {@code ignoreAfter}: its idle counts say nothing
 * about now, so placement falls back to the declared capabilities (totals only).
 *
 * @param staleAfter age from which a snapshot is stale (default 1 h)
 * @param ignoreAfter age from which a snapshot is not used at all (default 7 days)
 */
public record Freshness(Duration staleAfter, Duration ignoreAfter) {
  public static final Freshness DEFAULT = new Freshness(Duration.ofHours(1), Duration.ofDays(7));

  public Freshness {
    Objects.requireNonNull(staleAfter, "staleAfter");
    Objects.requireNonNull(ignoreAfter, "ignoreAfter");
    if (staleAfter.isNegative() || staleAfter.compareTo(ignoreAfter) > 0) {
      throw new IllegalArgumentException(
          "snapshot age limits need 0 <= stale ("
              + staleAfter
              + ") <= ignore ("
              + ignoreAfter
              + ")");
    }
  }

  /** Which kind of evidence a snapshot of this age is. */
  Evidence classify(Duration age) {
    if (age.compareTo(ignoreAfter) >= 0) {
      return Evidence.DECLARED;
    }
    return age.compareTo(staleAfter) >= 0 ? Evidence.STALE_SNAPSHOT : Evidence.FRESH_SNAPSHOT;
  }
}
