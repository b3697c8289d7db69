package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void waitsDoubleAndAreSpreadHalfAWaitEitherSide() {
    Backoff backoff = new Backoff(4, Duration.ofMillis(500));
    assertThat(backoff.waitAfter(1, 0.5)).isEqualTo(Duration.ofMillis(500));
    assertThat(backoff.waitAfter(2, 0.5)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.waitAfter(3, 0.5)).isEqualTo(Duration.ofSeconds(2));
    assertThat(backoff.waitAfter(3, 0)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.waitAfter(3, 0.99)).isLessThan(Duration.ofSeconds(3));
  }
}
