package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.NodeState;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FluxNodeStatesTest {

  @ParameterizedTest(name = "{0} offline={1} cores {4}/{2} gpus {5}/{3} -> {6}")
  @CsvSource({
    "avail, false, 16, 4, 0, 0, IDLE",
    "avail+allocated, false, 16, 4, 1, 1, MIXED",
    "avail+allocated, false, 16, 4, 16, 4, ALLOCATED",
    "avail+allocated, false, 16, 4, 16, 0, ALLOCATED",
    "avail+allocated, false, 0, 4, 0, 2, MIXED",
    "avail+allocated+housekeeping, false, 16, 0, 16, 0, ALLOCATED",
    "draining+allocated, false, 16, 4, 16, 4, DRAIN",
    "drained, false, 16, 4, 0, 0, DRAIN",
    "drain, false, 16, 4, 0, 0, DRAIN",
    "avail, true, 16, 0, 0, 0, DOWN",
    "drained, true, 16, 0, 0, 0, DOWN",
    "torpid, false, 16, 0, 0, 0, DOWN",
    "all+offline, false, 16, 0, 0, 0, DOWN",
    "avail+maintenance, false, 16, 0, 0, 0, UNKNOWN",
    "'', false, 16, 0, 0, 0, UNKNOWN",
  })
  void maps(
      String states,
      boolean offline,
      int cores,
      int gpus,
      int coresUsed,
      int gpusUsed,
      NodeState expected) {
    List<String> words = states.isEmpty() ? List.of() : List.of(states.split("\\+"));
    assertThat(FluxNodeStates.map(words, offline, cores, gpus, coresUsed, gpusUsed))
        .isEqualTo(expected);
  }
}
