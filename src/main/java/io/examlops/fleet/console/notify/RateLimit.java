package io.examlops.fleet.console.notify;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * At most {@code messages} in any {@code window}: a sliding window of the times sent. One thread.
 */
final class RateLimit {
  private final int messages;
  private final Duration window;
  private final Deque<Instant> sent = new ArrayDeque<>();

  RateLimit(int messages, Duration window) {
    if (messages < 1) {
      throw new IllegalArgumentException("at least one message per window, not " + messages);
    }
    this.messages = messages;
    this.window = window;
  }

  /** Takes a place at {@code now} if one is free. */
  boolean tryAcquire(Instant now) {
    forget(now);
    if (sent.size() >= messages) {
      return false;
    }
    sent.addLast(now);
    return true;
  }

  /** How long from {@code now} until a place is free; zero when one is. */
  Duration untilFree(Instant now) {
    forget(now);
    if (sent.size() < messages) {
      return Duration.ZERO;
    }
    Duration wait = Duration.between(now, sent.peekFirst().plus(window));
    return wait.isNegative() ? Duration.ZERO : wait;
  }

  int messages() {
    return messages;
  }

  Duration window() {
    return window;
  }

  private void forget(Instant now) {
    while (!sent.isEmpty() && !sent.peekFirst().plus(window).isAfter(now)) {
      sent.removeFirst();
    }
  }
}
