package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The last lines of a text that arrives in chunks split anywhere, in bounded memory. */
class LastLinesTest {
  @Test
  void keepsTheLastLinesWhereverTheChunksSplitThem() {
    LastLines last = new LastLines(2);
    for (String chunk : new String[] {"one\ntw", "o\nthr", "ee\nfo", "ur"}) {
      last.accept(chunk);
    }
    assertThat(last.text()).isEqualTo("three\nfour");
    assertThat(last.cut()).isTrue();
  }

  @Test
  void aShortTextIsKeptWholeAndSaysSo() {
    LastLines last = new LastLines(5);
    last.accept("a\nb\n");
    assertThat(last.text()).isEqualTo("a\nb\n");
    assertThat(last.cut()).isFalse();
  }

  @Test
  void anEndlessLineKeepsItsEnd() {
    LastLines last = new LastLines(3);
    String chunk = "x".repeat(LastLines.LONGEST_LINE);
    last.accept(chunk);
    last.accept("tail");
    assertThat(last.text()).hasSize(LastLines.LONGEST_LINE).endsWith("xtail");
    assertThat(last.cut()).isTrue();
  }
}
