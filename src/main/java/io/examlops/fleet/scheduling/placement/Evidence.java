package io.examlops.fleet.scheduling.placement;

/** What a placement figure rests on, most trusted first (the first ranking key). */
public enum Evidence {
  /** A node snapshot younger than {@link Freshness#staleAfter()}. */
  FRESH_SNAPSHOT,
  /** A snapshot older than that, but younger than {@link Freshness#ignoreAfter()}. */
  STALE_SNAPSHOT,
  /** No usable snapshot: the declared capabilities, totals only, idle unknown. */
  DECLARED
}
