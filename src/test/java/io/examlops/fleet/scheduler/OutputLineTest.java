package io.examlops.fleet.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OutputLineTest {

  @Test
  void blankLinesAreSkippedButCountedInTheNumbers() {
    assertThat(OutputLine.nonBlank("a|1\n\n  \r\nb|2\n"))
        .containsExactly(new OutputLine(1, "a|1"), new OutputLine(4, "b|2"));
    assertThat(OutputLine.nonBlank(null)).isEmpty();
  }

  @Test
  void anUnreadableLineIsNamedByCommandNumberAndText() {
    assertThat(new OutputLine(3, "x|y").unreadable("flux jobs", "too short").getMessage())
        .isEqualTo("cannot read line 3 of `flux jobs`: too short (line: 'x|y')");
  }
}
