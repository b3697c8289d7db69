package io.examlops.fleet.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most {@code limit} events per key in a sliding window: failed sign-ins per address and per
 * user, "refresh now" per cluster.
 */
final class AttemptLimiter {
  private final Clock clock;
  private final int limit;
  private final Duration window;
  private final ConcurrentHashMap<String, Deque<Instant>> events = new ConcurrentHashMap<>();

  AttemptLimiter(Clock clock, int limit, Duration window) {
    this.clock = clock;
    this.limit = limit;
    this.window = window;
  }

  /** How long until {@code key} may try again; zero when it may now. */
  Duration wait(String key) {
    Deque<Instant> seen = events.get(key);
    if (seen == null) {
      return Duration.ZERO;
    }
    synchronized (seen) {
      Instant now = clock.instant();
      while (!seen.isEmpty() && !seen.peekFirst().plus(window).isAfter(now)) {
        seen.pollFirst();
      }
      if (seen.size() < limit) {
        return Duration.ZERO;
      }
      return Duration.between(now, seen.peekFirst().plus(window));
    }
  }

  void record(String key) {
    Deque<Instant> seen = events.computeIfAbsent(key, k -> new ArrayDeque<>());
    synchronized (seen) {
      seen.addLast(clock.instant());
      while (seen.size() > limit) {
        seen.pollFirst();
      }
    }
  }

  void forget(String key) {
    events.remove(key);
  }
}
