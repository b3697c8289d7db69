package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClockDuration;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one reader of Slurm durations, in both the forms a limit and an elapsed time take. */
class SlurmTimeTest {
  @ParameterizedTest
  @CsvSource({
    "0:00,0",
    "1:40,100",
    "59:59,3599",
    "1:02:03,3723",
    "00:01:43,103",
    "1-00:00:00,86400",
    "2-03:04:05,183845",
    "365-00:00:00,31536000",
    "10:00:00,36000"
  })
  void readsSlurmElapsedForms(String text, long seconds) {
    assertThat(ClockDuration.parse(text, ClockDuration.Form.ELAPSED))
        .isEqualTo(Duration.ofSeconds(seconds));
  }

  @ParameterizedTest
  @ValueSource(strings = {"INVALID", "UNLIMITED", "N/A", "", "  "})
  void noneWordsAreUnknownNotZero(String text) {
    assertThat(ClockDuration.parse(text, ClockDuration.Form.ELAPSED)).isNull();
  }

  @Test
  void keepsFractionalSeconds() {
    assertThat(ClockDuration.parse("01:02.500", ClockDuration.Form.ELAPSED))
        .isEqualTo(Duration.ofMillis(62_500));
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "1:2:3:4", "1-02", "0:75", "1:61:00", "12", "-1:00"})
  void rejectsGarbageNamingTheForms(String text) {
    assertThatThrownBy(() -> ClockDuration.parse(text, ClockDuration.Form.ELAPSED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'" + text + "'");
  }

  @ParameterizedTest
  @CsvSource({
    "90,5400",
    "30:00,1800",
    "2:00:00,7200",
    "1-12,129600",
    "1-12:30,131400",
    "1-00:00:30,86430"
  })
  void readsSlurmLimitForms(String text, long seconds) {
    assertThat(ClockDuration.parse(text, ClockDuration.Form.LIMIT))
        .isEqualTo(Duration.ofSeconds(seconds));
  }

  @ParameterizedTest
  @ValueSource(strings = {"infinite", "UNLIMITED", "n/a", "NONE"})
  void noLimitWordsAreNoLimit(String text) {
    assertThat(ClockDuration.parse(text, ClockDuration.Form.LIMIT)).isNull();
  }

  @Test
  void clockFieldsBeyondTheirRangeAreRefusedByName() {
    assertThatThrownBy(() -> ClockDuration.parse("25:99:99", ClockDuration.Form.LIMIT))
        .isInstanceOf(ClockDuration.FieldOutOfRange.class)
        .hasMessage("'25:99:99': minutes 99 is out of range (0 to 59)");
    assertThatThrownBy(() -> ClockDuration.parse("1-24:00", ClockDuration.Form.LIMIT))
        .hasMessage("'1-24:00': hours 24 is out of range (0 to 23)");
    assertThatThrownBy(() -> ClockDuration.parse("1:02.5", ClockDuration.Form.LIMIT))
        .hasMessageContaining("invalid time limit '1:02.5': expected MM, MM:SS");
  }

  /** Found reviewing SlurmJobsFuzzTest: days beyond what a Duration holds overflowed. */
  @Test
  void daysTooManyForADurationAreRejected() {
    assertThatThrownBy(
            () -> ClockDuration.parse("999999999999999-00:00:00", ClockDuration.Form.ELAPSED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'999999999999999-00:00:00'");
  }
}
