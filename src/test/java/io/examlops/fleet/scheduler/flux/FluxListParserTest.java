package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import org.junit.jupiter.api.Test;

class FluxListParserTest {
  private static final String CMD = FluxCommands.LIST_FALLBACK;

  @Test
  void mergesGroupedLinesPerRankInsteadOfSummingThem() {
    var view = FluxListParser.parse(CMD, FluxFixtures.gpuMixedList());
    // node02 is on a free and an allocated line, node03 on allocated and down: counted once.
    assertThat(view.all().rank(1))
        .extracting(FluxRank::host, FluxRank::cores, FluxRank::gpus)
        .containsExactly("node02", 16, 4);
    assertThat(view.all().rank(2))
        .extracting(FluxRank::host, FluxRank::cores, FluxRank::gpus)
        .containsExactly("node03", 16, 4);
    assertThat(view.allocated().rank(1))
        .extracting(FluxRank::cores, FluxRank::gpus)
        .containsExactly(1, 1);
    assertThat(view.all().ranks().stream().mapToInt(FluxRank::cores).sum()).isEqualTo(112);
    assertThat(view.all().rank(6)).as("excluded node07 is on no line").isNull();
  }

  @Test
  void givesTheSameResourceSetAsTheRJsonOfTheSameState() {
    var view = FluxListParser.parse(CMD, FluxFixtures.gpuMixedList());
    FluxResourceSet r =
        FluxRParser.parse(
            "flux resource R -s all", FluxFixtures.read("resource-R/resource-R.json"));
    FluxResourceSet allocated =
        FluxRParser.parse(
            "flux resource R -s allocated",
            FluxFixtures.read("resource-R/resource-R-s-allocated.json"));
    assertThat(view.all().ranks()).isEqualTo(r.ranks());
    assertThat(view.allocated().ranks()).isEqualTo(allocated.ranks());
  }

  @Test
  void readsTheCpuInstanceWithoutProperties() {
    // Captured as {state}|{ranks}|{nodelist}|{rlist}; the probe also asks for {properties}.
    String captured = FluxFixtures.read("resource-list/cpu-mixed_resource-list-rlist.txt");
    String withProperties =
        captured
            .lines()
            .skip(1)
            .map(l -> l.replaceFirst("\\|", "||"))
            .reduce("", (a, b) -> a + b + "\n");
    var view = FluxListParser.parse(CMD, withProperties);
    assertThat(view.all().ranks())
        .extracting(FluxRank::host, FluxRank::cores)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("cn1", 36),
            org.assertj.core.groups.Tuple.tuple("cn2", 36),
            org.assertj.core.groups.Tuple.tuple("cn3", 36),
            org.assertj.core.groups.Tuple.tuple("cn4", 36),
            org.assertj.core.groups.Tuple.tuple("cn10", 36));
    assertThat(view.allocated().rank(2).cores()).isEqualTo(4);
  }

  @Test
  void skipsZeroLinesAndRejectsBadOnes() {
    var view = FluxListParser.parse(CMD, "free||||\nallocated||||\ndown||0|n1|rank0/core[0-1]\n");
    assertThat(view.all().size()).isEqualTo(1);
    assertThat(view.allocated().isEmpty()).isTrue();
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "free|x|0|n1\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("expected 5");
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "up||0|n1|rank0/core0\n"))
        .hasMessageContaining("not free, allocated or down");
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "free||0|n1|rank1/core0\n"))
        .hasMessageContaining("rank 1 which is not in the line's ranks");
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "free||0-1|n1|rank[0-1]/core0\n"))
        .hasMessageContaining("names 1 hosts for 2 ranks");
  }

  /**
   * Found by FluxDiscoveryFuzzTest#resourceText (a timeout): millions of ranks took tens of
   * seconds, and one core id near 2^31 allocated a 256 MB bit set.
   */
  @Test
  void ranksAndIdsNoInstanceHasAreRefused() {
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "down||0-4194303||\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("more than 131072 ranks");
    assertThatThrownBy(() -> FluxListParser.parse(CMD, "free||0|n1|rank0/core2147483646\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("resource id 2147483646 is too large");
  }
}
