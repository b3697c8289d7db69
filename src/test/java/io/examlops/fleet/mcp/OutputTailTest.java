package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OutputTailTest {
  @Test
  void theLastLinesWithTheirEndsAndHowManyThereAre() {
    assertThat(OutputTail.of("a\nb\nc\n", 2)).isEqualTo(new OutputTail("b\nc\n", 2, 3));
    assertThat(OutputTail.of("a\nb\nc", 1)).isEqualTo(new OutputTail("c", 1, 3));
    assertThat(OutputTail.of("a\n\nb\n", 2)).isEqualTo(new OutputTail("\nb\n", 2, 3));
  }

  @Test
  void fewerLinesThanAskedAreAllShown() {
    assertThat(OutputTail.of("a\nb\n", 100)).isEqualTo(new OutputTail("a\nb\n", 2, 2));
    assertThat(OutputTail.of("\n", 5)).isEqualTo(new OutputTail("\n", 1, 1));
    assertThat(OutputTail.of("", 5)).isEqualTo(new OutputTail("", 0, 0));
  }

  @Test
  void noLinesIsNotAnAsk() {
    assertThatThrownBy(() -> OutputTail.of("a\n", 0)).hasMessageContaining("1 or more");
  }
}
