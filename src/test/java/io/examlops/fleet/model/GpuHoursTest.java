package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class GpuHoursTest {
  @Test
  void multipliesHoursByGpus() {
    assertThat(GpuHours.of(Duration.ofMinutes(90), 4)).isEqualByComparingTo("6");
    assertThat(GpuHours.of(Duration.ofSeconds(1), 1)).isEqualByComparingTo("0.000278");
    assertThat(GpuHours.of(Duration.ofHours(5), 0)).isEqualByComparingTo("0");
  }

  @Test
  void unknownStaysUnknownButNothingRunIsZero() {
    assertThat(GpuHours.of(Duration.ofHours(1), null)).isNull();
    assertThat(GpuHours.of(null, 4)).isNull();
    assertThat(GpuHours.of(Duration.ZERO, null)).isZero();
  }

  @Test
  void rejectsNegativeFigures() {
    assertThatThrownBy(() -> GpuHours.of(Duration.ofSeconds(-1), 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> GpuHours.of(Duration.ofSeconds(1), -1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
