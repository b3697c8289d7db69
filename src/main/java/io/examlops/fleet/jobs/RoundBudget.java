package io.examlops.fleet.jobs;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How many scheduler queries a cluster's watcher may make: a bucket of {@link #BURST} rounds,
 * refilled by one every {@link #REFILL}. Short intervals after submissions draw on the burst; a
 * steady stream of submissions (hundreds of waiting builds) cannot make it ask more than 30 times
 * in any minute ({@code BURST + 60 s / REFILL}), which login nodes and slurmctld are sized for.
 *
 * <p>The burst lasts a lone job's first 2.5 s of rounds a quarter of a second apart ({@link
 * JobWatcher#interval}), when a job of a second or two ends; a burst of 6 ran out at 1.5 s, and
 * such a job was seen ending up to a second late, at the next refill.
 */
final class RoundBudget {
  static final int BURST = 10;
  static final Duration REFILL = Duration.ofSeconds(3);

  private final LongSupplier nanoTime;
  private double rounds = BURST;
  private long refilledAt;

  RoundBudget(LongSupplier nanoTime) {
    this.nanoTime = nanoTime;
    this.refilledAt = nanoTime.getAsLong();
  }

  /** How long until a round may be made; zero when one may be made now. */
  Duration untilNext() {
    refill();
    if (rounds >= 1) {
      return Duration.ZERO;
    }
    return Duration.ofNanos((long) Math.ceil((1 - rounds) * REFILL.toNanos()));
  }

  /** Takes one round from the bucket; call only when {@link #untilNext} is zero. */
  void spend() {
    refill();
    rounds -= 1;
  }

  private void refill() {
    long now = nanoTime.getAsLong();
    rounds = Math.min(BURST, rounds + (double) (now - refilledAt) / REFILL.toNanos());
    refilledAt = now;
  }
}
