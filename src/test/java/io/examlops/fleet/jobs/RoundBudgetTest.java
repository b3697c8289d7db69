package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The watcher's query budget: a burst right away, then one round per refill, 30 in any minute. */
class RoundBudgetTest {
  private final AtomicLong nanos = new AtomicLong();
  private final RoundBudget budget = new RoundBudget(nanos::get);

  @Test
  void aBurstIsThereAtOnceAndThenOneRoundPerRefill() {
    for (int i = 0; i < RoundBudget.BURST; i++) {
      assertThat(budget.untilNext()).isZero();
      budget.spend();
    }
    assertThat(budget.untilNext()).isEqualTo(RoundBudget.REFILL);
    nanos.addAndGet(RoundBudget.REFILL.toNanos() / 2);
    assertThat(budget.untilNext()).isEqualTo(RoundBudget.REFILL.dividedBy(2));
    nanos.addAndGet(RoundBudget.REFILL.toNanos() / 2);
    assertThat(budget.untilNext()).isZero();
  }

  @Test
  void noMinuteHoldsMoreThanThirtyRoundsHoweverEagerTheCaller() {
    int rounds = 0;
    long minute = Duration.ofMinutes(1).toNanos();
    while (nanos.get() <= minute) {
      Duration held = budget.untilNext();
      if (held.isZero()) {
        budget.spend();
        rounds++;
      } else {
        nanos.addAndGet(held.toNanos());
      }
    }
    assertThat(rounds).isEqualTo(30);
  }
}
