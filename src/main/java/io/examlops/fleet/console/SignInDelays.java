package io.examlops.fleet.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Growing delays after failed sign-ins, per user name and address together: after {@link
 * #FREE_FAILURES} failures in a row, each further try of that name from that address waits twice as
 * long as the one before ({@link #FIRST_DELAY}, then 2 s, 4 s, ... up to {@link #MAX_DELAY}).
 * Guessing a password is slowed to a crawl, yet nobody is locked out: the real user at another
 * address never waits for an attacker's failures, and one address that fails for one user slows no
 * other user behind it. A success, or {@link #FORGET_AFTER} without a failure, starts again.
 */
final class SignInDelays {
  static final int FREE_FAILURES = 3;
  static final Duration FIRST_DELAY = Duration.ofSeconds(1);
  static final Duration MAX_DELAY = Duration.ofMinutes(1);
  static final Duration FORGET_AFTER = Duration.ofMinutes(15);

  /** More keys than this are pruned of forgotten ones, so that sprayed names cannot fill memory. */
  private static final int MAX_KEYS = 10_000;

  private record Failures(int count, Instant last) {}

  private final Clock clock;
  private final ConcurrentHashMap<String, Failures> byKey = new ConcurrentHashMap<>();

  SignInDelays(Clock clock) {
    this.clock = clock;
  }

  /** How long {@code user} at {@code address} must still wait; zero when it may try now. */
  Duration wait(String user, String address) {
    Instant now = clock.instant();
    Failures f = live(byKey.get(key(user, address)), now);
    if (f == null || f.count() < FREE_FAILURES) {
      return Duration.ZERO;
    }
    Duration until = Duration.between(now, f.last().plus(delayAfter(f.count())));
    return until.isNegative() ? Duration.ZERO : until;
  }

  /** The delay after {@code failures} failures in a row. */
  static Duration delayAfter(int failures) {
    if (failures < FREE_FAILURES) {
      return Duration.ZERO;
    }
    int doublings = Math.min(failures - FREE_FAILURES, 30);
    Duration delay = FIRST_DELAY.multipliedBy(1L << doublings);
    return delay.compareTo(MAX_DELAY) > 0 ? MAX_DELAY : delay;
  }

  void failed(String user, String address) {
    Instant now = clock.instant();
    if (byKey.size() > MAX_KEYS) {
      byKey.values().removeIf(f -> live(f, now) == null);
    }
    byKey.compute(
        key(user, address),
        (k, f) -> {
          Failures before = live(f, now);
          return new Failures(before == null ? 1 : before.count() + 1, now);
        });
  }

  void succeeded(String user, String address) {
    byKey.remove(key(user, address));
  }

  private static Failures live(Failures f, Instant now) {
    return f == null || now.isAfter(f.last().plus(FORGET_AFTER)) ? null : f;
  }

  private static String key(String user, String address) {
    String name = user.length() > 64 ? user.substring(0, 64) : user;
    return name + "\n" + address;
  }
}
