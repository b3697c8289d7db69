package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlurmDurationsTest {
  @ParameterizedTest
  @CsvSource({
    "0:00,0", "1:40,100", "59:59,3599", "1:02:03,3723", "00:01:43,103", "1-00:00:00,86400",
    "2-03:04:05,183845", "365-00:00:00,31536000", "10:00:00,36000"
  })
  void readsSlurmElapsedForms(String text, long seconds) {
    assertThat(SlurmDurations.parse(text)).isEqualTo(Duration.ofSeconds(seconds));
  }

  @ParameterizedTest
  @ValueSource(strings = {"INVALID", "UNLIMITED", "N/A", "", "  "})
  void noneWordsAreUnknownNotZero(String text) {
    assertThat(SlurmDurations.parse(text)).isNull();
  }

  @Test
  void keepsFractionalSeconds() {
    assertThat(SlurmDurations.parse("01:02.500")).isEqualTo(Duration.ofMillis(62_500));
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "1:2:3:4", "1-02", "0:75", "1:61:00", "12", "-1:00"})
  void rejectsGarbageNamingTheForms(String text) {
    assertThatThrownBy(() -> SlurmDurations.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + text + "'");
  }

  /** Found reviewing SlurmJobsFuzzTest: days beyond what a Duration holds overflowed. */
  @Test
  void daysTooManyForADurationAreRejected() {
    assertThatThrownBy(() -> SlurmDurations.parse("999999999999999-00:00:00"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'999999999999999-00:00:00'");
  }
}
