package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import org.junit.jupiter.api.Test;

class FluxRParserTest {
  private static final String CMD = "flux resource R -s all";

  @Test
  void readsTheMixedGpuInstance() {
    FluxResourceSet all = FluxRParser.parse(CMD, FluxFixtures.read("resource-R/resource-R.json"));
    assertThat(all.ranks())
        .extracting(FluxRank::host)
        .containsExactly("node01", "node02", "node03", "node04", "node05", "node06", "node08");
    assertThat(all.rank(6)).as("node07 is excluded: not in the scheduler's R").isNull();
    FluxRank node02 = all.rank(1);
    assertThat(node02.cores()).isEqualTo(16);
    assertThat(node02.gpus()).isEqualTo(4);
    assertThat(node02.properties()).containsExactly("amd-mi250@gpu", "batch");
    FluxRank node08 = all.rank(7);
    assertThat(node08.host()).isEqualTo("node08");
    assertThat(node08.gpus()).isZero();
    assertThat(node08.properties()).containsExactly("debug");
  }

  @Test
  void readsAllocatedCoresAndGpusPerRank() {
    FluxResourceSet allocated =
        FluxRParser.parse(
            "flux resource R -s allocated",
            FluxFixtures.read("resource-R/resource-R-s-allocated.json"));
    assertThat(allocated.rank(1))
        .extracting(FluxRank::host, FluxRank::cores, FluxRank::gpus)
        .containsExactly("node02", 1, 1);
    assertThat(allocated.rank(2).gpus()).isEqualTo(4);
    assertThat(allocated.rank(4))
        .extracting(FluxRank::host, FluxRank::cores)
        .containsExactly("node05", 2);
    assertThat(allocated.rank(0)).isNull();
  }

  @Test
  void freeAndAllocatedAddUpToTheWholeNodeForThePartlyAllocatedNode() {
    FluxResourceSet free =
        FluxRParser.parse("R", FluxFixtures.read("resource-R/resource-R-s-free.json"));
    FluxResourceSet allocated =
        FluxRParser.parse("R", FluxFixtures.read("resource-R/resource-R-s-allocated.json"));
    assertThat(free.rank(1).gpus() + allocated.rank(1).gpus()).isEqualTo(4);
    assertThat(free.rank(1).cores() + allocated.rank(1).cores()).isEqualTo(16);
  }

  @Test
  void cpuInstanceWithoutGpusOrProperties() {
    FluxResourceSet all =
        FluxRParser.parse(CMD, FluxFixtures.read("resource-R/cpu-idle_resource-R.json"));
    assertThat(all.ranks())
        .extracting(FluxRank::host)
        .containsExactly("cn1", "cn2", "cn3", "cn4", "cn10");
    assertThat(all.ranks())
        .allSatisfy(
            r -> {
              assertThat(r.cores()).isEqualTo(36);
              assertThat(r.gpus()).isZero();
              assertThat(r.properties()).isEmpty();
            });
  }

  @Test
  void nodelistFollowsRankOrderNotSortedOrder() {
    FluxResourceSet all =
        FluxRParser.parse(CMD, FluxFixtures.member("upstream/normal-new.json", "all"));
    assertThat(all.ranks())
        .extracting(FluxRank::host)
        .containsExactly("pi3", "pi0", "pi1", "pi2", "pi4");
    assertThat(all.rank(0).properties()).containsExactly("8g");
    assertThat(all.rank(3).properties()).isEmpty();
    // flux-core rendered the same input's 8g ranks as pi[3,0-1] (captured with --from-stdin).
    var eightG =
        all.ranks().stream().filter(r -> r.properties().contains("8g")).map(FluxRank::host);
    assertThat(FluxFixtures.read("resource-list/stdin-normal-new-list.txt"))
        .contains(" " + io.examlops.fleet.hostlist.Hostlist.compress(eightG.toList()) + "\n");
  }

  @Test
  void withoutANodelistRanksAreNamedLikeFluxNamesThem() {
    FluxResourceSet all =
        FluxRParser.parse(CMD, FluxFixtures.member("upstream/fluxion.json", "all"));
    assertThat(all.ranks())
        .extracting(FluxRank::host)
        .containsExactly("rank0", "rank1", "rank2", "rank3");
  }

  @Test
  void keepsDuplicateHostNamesPerRank() {
    FluxResourceSet all =
        FluxRParser.parse(CMD, FluxFixtures.read("resource-R/dyn-resource-R.json"));
    assertThat(all.ranks()).extracting(FluxRank::host).containsExactly("vm", "vm", "vm", "vm");
    assertThat(all.rank(3).cores()).isEqualTo(2);
  }

  @Test
  void readsANestedInstanceWithAStartTime() {
    FluxResourceSet all =
        FluxRParser.parse(CMD, FluxFixtures.read("resource-R/nested-resource-R-D.json"));
    assertThat(all.ranks())
        .singleElement()
        .extracting(FluxRank::host, FluxRank::cores)
        .containsExactly("node05", 4);
  }

  @Test
  void anEmptySetIsEmpty() {
    String empty =
        "{\"version\": 1, \"execution\": {\"R_lite\": [], \"starttime\": 0.0,"
            + " \"expiration\": 0.0, \"nodelist\": []}}";
    assertThat(FluxRParser.parse("flux resource R -s allocated", empty).isEmpty()).isTrue();
  }

  @Test
  void overlappingEntriesForOneRankAreNotCountedTwice() {
    String json =
        "{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0\",\"children\":{\"core\":\"0-3\"}},"
            + "{\"rank\":\"0\",\"children\":{\"core\":\"2-5\",\"gpu\":\"0\"}}],\"nodelist\":[\"a1\"]}}";
    assertThat(FluxRParser.parse(CMD, json).rank(0))
        .extracting(FluxRank::cores, FluxRank::gpus)
        .containsExactly(6, 1);
  }

  @Test
  void badInputSaysWhatAndWhere() {
    assertThatThrownBy(() -> FluxRParser.parse(CMD, "{\"version\": 1, \"execution\": {"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining(CMD)
        .hasMessageContaining("line 1 column");
    assertThatThrownBy(() -> FluxRParser.parse(CMD, "")).hasMessageContaining("printed nothing");
    assertThatThrownBy(() -> FluxRParser.parse(CMD, "{\"version\": 2, \"execution\": {}}"))
        .hasMessageContaining("version 2");
    assertThatThrownBy(
            () ->
                FluxRParser.parse(
                    CMD,
                    "{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-1\","
                        + "\"children\":{\"core\":\"0\"}}],\"nodelist\":[\"n1\"]}}"))
        .hasMessageContaining("names 1 hosts but the resource set has 2 ranks");
    assertThatThrownBy(
            () ->
                FluxRParser.parse(
                    CMD,
                    "{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"3-1\","
                        + "\"children\":{\"core\":\"0\"}}]}}"))
        .hasMessageContaining("R_lite[0]")
        .hasMessageContaining("backwards");
    assertThatThrownBy(
            () ->
                FluxRParser.parse(CMD, "{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":0}]}}"))
        .hasMessageContaining("R_lite[0].rank should be a string");
  }
}
