package io.examlops.fleet.transport;

import java.time.Duration;

/**
 * How often, and after what waits, a connect that failed for a network reason is tried again: waits
 * doubling from {@code firstWait}, each scaled by a random factor in [0.5, 1.5) so that the callers
 * a restarting sshd turned away all at once do not all come back at the same instant.
 *
 * @param attempts how many connects in all, the first one included
 * @param firstWait the wait before the second connect, before its jitter
 */
record Backoff(int attempts, Duration firstWait) {
  /** Four connects, waiting about 0.5 s, 1 s and 2 s between them. */
  static final Backoff CONNECT = new Backoff(4, Duration.ofMillis(500));

  /**
   * The wait after failed connect number {@code failed} (1: the first).
   *
   * @param random a number in [0, 1), which picks the jitter
   */
  Duration waitAfter(int failed, double random) {
    return Duration.ofNanos(
        (long) (firstWait.toNanos() * Math.pow(2, failed - 1) * (0.5 + random)));
  }
}
