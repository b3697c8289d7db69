package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimeLimitTest {
  @Test
  void timeLimitsReadBothSchedulersForms() {
    assertThat(TimeLimit.parseOrNull("90")).isEqualTo(Duration.ofMinutes(90));
    assertThat(TimeLimit.parseOrNull("30:00")).isEqualTo(Duration.ofMinutes(30));
    assertThat(TimeLimit.parseOrNull("2:00:00")).isEqualTo(Duration.ofHours(2));
    assertThat(TimeLimit.parseOrNull("1-12")).isEqualTo(Duration.ofHours(36));
    assertThat(TimeLimit.parseOrNull("1-00:00:30")).isEqualTo(Duration.ofDays(1).plusSeconds(30));
    assertThat(TimeLimit.parseOrNull("0.5s")).isEqualTo(Duration.ofSeconds(1));
    assertThat(TimeLimit.parseOrNull("2d")).isEqualTo(Duration.ofDays(2));
    assertThatThrownBy(() -> TimeLimit.parseOrNull("UNLIMITED")).hasMessageContaining("90s, 30m");
    assertThatThrownBy(() -> TimeLimit.parseOrNull("0"))
        .hasMessageContaining("time limit '0' is shorter than one second");
    // Any RFC 23 duration with a unit, read by the one Flux duration reader; huge ones refused.
    assertThat(TimeLimit.parseOrNull("500ms")).isEqualTo(Duration.ofSeconds(1));
    assertThatThrownBy(() -> TimeLimit.parseOrNull("99999999999999999d"))
        .hasMessageContaining("90s");
    assertThatThrownBy(() -> TimeLimit.parseOrNull("inf"))
        .hasMessageContaining("of at least one second");
  }

  @Test
  void aLimitIsAtLeastOneSecondHoweverItWasGiven() {
    assertThat(TimeLimit.require(null)).isNull();
    assertThat(TimeLimit.require(Duration.ofSeconds(1))).isEqualTo(Duration.ofSeconds(1));
    for (Duration shortOne :
        new Duration[] {Duration.ZERO, Duration.ofMillis(500), Duration.ofSeconds(-5)}) {
      assertThatThrownBy(() -> TimeLimit.require(shortOne))
          .isInstanceOf(FleetException.class)
          .hasMessageContaining("is shorter than one second: use minutes (90)");
    }
  }
}
