package io.examlops.fleet.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BracketsTest {

  @Test
  void separatorsInsideBracketsDoNotCut() {
    assertThat(Brackets.ROUND.split("gpu:a100:2(IDX:0,2),nvme:1", ','))
        .containsExactly("gpu:a100:2(IDX:0,2)", "nvme:1");
    assertThat(Brackets.SQUARE.split("core[0-3,5],gpu[0-1]", ','))
        .containsExactly("core[0-3,5]", "gpu[0-1]");
    assertThat(Brackets.SQUARE.split("", ',')).containsExactly("");
  }

  @Test
  void theLastSeparatorOutsideBracketsIsFound() {
    assertThat(Brackets.ROUND.lastIndexOf("gpu:(null):3(IDX:0-2)", ':')).isEqualTo(10);
    assertThat(Brackets.ROUND.lastIndexOf("gpu(IDX:0)", ':')).isEqualTo(-1);
  }

  @Test
  void aBracketWithoutItsPartnerIsNamed() {
    assertThatThrownBy(() -> Brackets.ROUND.split("gpu:1),nvme", ','))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("')' without '('");
    assertThatThrownBy(() -> Brackets.SQUARE.split("core[0-3", ',')).hasMessage("'[' without ']'");
  }
}
