package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The one rule for GPUs and nodes; placement, preflight and submission ask it. */
class GpuAskTest {

  @Test
  void gpusAreZeroOrMoreAndNodesAtLeastOne() {
    assertThatThrownBy(() -> GpuAsk.of(-1, null))
        .hasMessage("GPUs must be 0 (a CPU-only job) or more, got -1");
    assertThatThrownBy(() -> GpuAsk.of(1, 0)).hasMessage("nodes must be at least 1, got 0");
    assertThatThrownBy(() -> GpuAsk.of(GpuAsk.MAX + 1, null)).hasMessageContaining("at most");
    assertThatThrownBy(() -> GpuAsk.of(1, GpuAsk.MAX + 1)).hasMessageContaining("at most");
  }

  @Test
  void aCpuOnlyJobAsksNoGpusAndNodesLimitWhereGpusMayBe() {
    assertThat(GpuAsk.of(0, null).cpuOnly()).isTrue();
    assertThat(GpuAsk.of(1, null).cpuOnly()).isFalse();
    assertThat(GpuAsk.of(4, null).nodeLimit()).isEqualTo(Integer.MAX_VALUE);
    assertThat(GpuAsk.of(4, 2).nodeLimit()).isEqualTo(2);
  }

  @Test
  void gpusPerNodeAreSpreadEvenlyOrRefused() {
    assertThat(GpuAsk.of(8, 2).perNode()).isEqualTo(4);
    assertThat(GpuAsk.of(3, null).perNode()).isEqualTo(3);
    assertThat(GpuAsk.of(0, 3).perNode()).isZero();
    assertThatThrownBy(() -> GpuAsk.of(3, 2).perNode())
        .hasMessageStartingWith("3 GPUs cannot be spread evenly over 2 nodes");
  }
}
