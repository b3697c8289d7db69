package io.examlops.fleet.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BarColumnsTest {

  @Test
  void aLineSplitsIntoExactlyTheFormatsColumnsTheLastKeepingFurtherBars() {
    assertThat(BarColumns.split(" 12 |a||b|c ", 4, "%i|%j|%k|%l", "squeue"))
        .containsExactly(" 12 ", "a", "", "b|c ");
  }

  @Test
  void aLineWithTooFewColumnsNamesTheFormatAndTheCommand() {
    assertThatThrownBy(() -> BarColumns.split("12|a", 3, "%i|%j|%k", "sacct -P -o"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "expected 3 '|'-separated fields (%i|%j|%k), found 2; was sacct -P -o run with exactly"
                + " this format?");
  }
}
