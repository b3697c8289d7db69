package io.examlops.fleet.placement;

/** What a placement figure rests on, most trusted first (the first ranking key). */
public enum Evidence {
  /** A node snapshot younger than the stale limit (1 h by default). */
  FRESH_SNAPSHOT,
  /** A snapshot older than that, but younger than the ignore limit (7 days by default). */
  STALE_SNAPSHOT,
  /** No usable snapshot: the declared capabilities, totals only, idle unknown. */
  DECLARED
}
