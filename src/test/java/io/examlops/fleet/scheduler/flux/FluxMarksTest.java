package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A submission found by the mark its jobspec keeps as {@code attributes.user.examlops_mark}. */
class FluxMarksTest {
  @Test
  void theJobWhoseJobspecHoldsTheMarkIsFound() {
    String printed =
        "== 1234\n{\"attributes\":{\"user\":{\"examlops_mark\":\"exa-6-1\"}}}\n\n"
            + "== 5678\n{\"attributes\":{\"user\":{\"examlops_mark\":\"exa-7-1\"}}}\n\n"
            + "== 9999\nnot json\n";

    assertThat(FluxMarks.find(printed, "exa-7-1")).contains("5678");
    assertThat(FluxMarks.find(printed, "exa-8-1")).isEmpty();
    assertThat(FluxMarks.setattr("exa-7-1")).isEqualTo("--setattr=user.examlops_mark=exa-7-1");
    assertThat(FluxMarks.command("train")).contains("--name=train ").contains("head -n 50");
  }
}
