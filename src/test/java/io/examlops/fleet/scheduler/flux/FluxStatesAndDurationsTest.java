package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.UnitDuration;
import io.examlops.fleet.testing.Fixtures;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FluxStatesAndDurationsTest {
  @ParameterizedTest
  @CsvSource({
    "NEW,PENDING", "DEPEND,PENDING", "D,PENDING", "PRIORITY,PENDING", "P,PENDING",
    "SCHED,PENDING", "S,PENDING", "RUN,RUNNING", "R,RUNNING", "CLEANUP,COMPLETING",
    "C,COMPLETING", "COMPLETED,COMPLETED", "CD,COMPLETED", "FAILED,FAILED", "F,FAILED",
    "CANCELED,CANCELLED", "CA,CANCELLED", "TIMEOUT,TIMEOUT", "TO,TIMEOUT", "INACTIVE,UNKNOWN",
    "run,RUNNING", "SUSPENDED,UNKNOWN", "'',UNKNOWN"
  })
  void mapsEveryFluxStatusAndAbbreviation(String word, JobState expected) {
    assertThat(FluxJobStates.normalize(word)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
    "INACTIVE,COMPLETED,COMPLETED", "INACTIVE,CANCELED,CANCELLED", "I,TO,TIMEOUT",
    "INACTIVE,,UNKNOWN", "RUN,,RUNNING", "SCHED,,PENDING"
  })
  void stateAndResult(String state, String result, JobState expected) {
    assertThat(FluxJobStates.normalize(state, result)).isEqualTo(expected);
  }

  @Test
  void everyStatusInTheDefaultListingIsKnown() {
    // jobs-a-E.txt columns: JOBID QUEUE USER NAME ST ...; ST is the 5th word
    String[] lines = Fixtures.flux("jobs/jobs-a-E.txt").split("\\R");
    for (int i = 1; i < lines.length; i++) {
      String st = lines[i].trim().split("\\s+")[4];
      assertThat(FluxJobStates.normalize(st)).as(lines[i]).isNotEqualTo(JobState.UNKNOWN);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "0.025s,25000000", "39s,39000000000", "38.6s,38600000000", "1.058m,63480000000",
    "1.944m,116640000000", "2.5h,9000000000000", "1.2d,103680000000000", "5ms,5000000",
    "0s,0", "12,12000000000"
  })
  void readsFluxStandardDurations(String text, long nanos) {
    assertThat(UnitDuration.parse(text)).isEqualTo(Duration.ofNanos(nanos));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-", "", "inf", "infinity"})
  void noFiniteDurationIsNull(String text) {
    assertThat(UnitDuration.parse(text)).isNull();
  }

  /**
   * Found by FluxJobsFuzzTest (1e999999999 threw) and its review: these overflowed, or read as
   * garbage (zero, negative) durations after up to half a minute of arithmetic on a
   * ten-million-digit number.
   */
  @ParameterizedTest
  @ValueSource(strings = {"1e2147483647", "1e9999999s", "1e30d", "9223372037s"})
  void durationsTooLongForAJobAreRejected(String text) {
    assertThatThrownBy(() -> UnitDuration.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(text)
        .hasMessageContaining("too long");
  }

  @ParameterizedTest
  @ValueSource(strings = {"abc", "1.5x", "s", "1:00"})
  void rejectsGarbage(String text) {
    assertThatThrownBy(() -> UnitDuration.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(text);
  }

  @Test
  void everyTimeInTheDefaultListingsParses() {
    for (String fixture :
        new String[] {
          "jobs/jobs-a.txt",
          "jobs/jobs-a-E.txt",
          "jobs/cpu-mixed_LC_ALL_C_jobs.txt",
          "jobs/cpu-mixed_FORCE_ASCII_jobs.txt"
        }) {
      String[] lines = Fixtures.flux(fixture).split("\\R");
      int timeColumn = java.util.Arrays.asList(lines[0].trim().split("\\s+")).indexOf("TIME");
      for (int i = 1; i < lines.length; i++) {
        String[] words = lines[i].trim().split("\\s+");
        FluxJobId.parse(words[0]);
        String time = words[timeColumn];
        Duration d = UnitDuration.parse(time);
        assertThat(d == null).as(fixture + ": " + lines[i]).isEqualTo(time.equals("-"));
      }
    }
  }

  @Test
  void endreasonListingIdsDecode() {
    String[] lines = Fixtures.flux("jobs/jobs-a-endreason-E.txt").split("\\R");
    for (int i = 1; i < lines.length; i++) {
      String id = lines[i].trim().split("\\s+")[0];
      assertThat(id).startsWith("\u0192");
      assertThat(FluxJobId.toF58Plain(FluxJobId.parse(id))).isEqualTo("f" + id.substring(1));
    }
  }
}
