package io.examlops.fleet.placement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LargestFirstTest {
  @Test
  void theLargestCountsAddUpWhateverTheOrderTheyCameIn() {
    LargestFirst counts = LargestFirst.of(List.of(0, 2, 4, 0, 1));

    assertThat(counts.size()).isEqualTo(5);
    assertThat(counts.total()).isEqualTo(7);
    assertThat(counts.largest(1)).isEqualTo(4);
    assertThat(counts.largest(2)).isEqualTo(6);
    assertThat(counts.largest(Integer.MAX_VALUE)).isEqualTo(7);
  }

  @Test
  void theFewestCountsThatHoldAnAskSkipTheZeros() {
    LargestFirst counts = LargestFirst.of(List.of(4, 0, 0, 2));

    assertThat(counts.fewestFor(1)).isEqualTo(1);
    assertThat(counts.fewestFor(4)).isEqualTo(1);
    assertThat(counts.fewestFor(5)).isEqualTo(2);
    assertThat(counts.fewestFor(6)).as("the zeros after 4 + 2 add nothing").isEqualTo(2);
    assertThat(counts.fewestFor(7)).isNull();
    assertThat(LargestFirst.NONE.fewestFor(1)).isNull();
    assertThat(LargestFirst.of(List.of())).isEqualTo(LargestFirst.NONE);
  }
}
