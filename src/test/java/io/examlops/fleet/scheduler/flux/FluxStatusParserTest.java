package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.flux.FluxStatusParser.Format;
import java.util.List;
import org.junit.jupiter.api.Test;

class FluxStatusParserTest {
  private static final String CMD = FluxCommands.status(Format.CURRENT);

  @Test
  void readsEveryStateOfTheMixedGpuInstance() {
    List<FluxStatusLine> lines =
        FluxStatusParser.parse(CMD, Format.CURRENT, FluxFixtures.gpuMixedStatus());
    assertThat(lines)
        .extracting(FluxStatusLine::state)
        .containsExactly(
            "avail",
            "avail*",
            "exclude",
            "allocated",
            "torpid",
            "housekeeping",
            "draining",
            "drained");
    FluxStatusLine offline = lines.get(1);
    assertThat(offline.baseState()).isEqualTo("avail");
    assertThat(offline.online()).isFalse();
    assertThat(offline.ranks()).containsExactly(7L);
    FluxStatusLine draining = lines.get(6);
    assertThat(draining.reason()).isEqualTo("memory errors (EDAC)");
    assertThat(draining.timestamp()).isEqualTo(1795974882.0);
    assertThat(lines.get(4).ranks()).as("an empty torpid line").isEmpty();
    assertThat(lines.get(0).timestamp()).isNull();
  }

  @Test
  void aReasonMayContainTheDelimiter() {
    var line =
        FluxStatusParser.parse(
                CMD,
                Format.CURRENT,
                "drained|drained|online|0|node01|1795974882.0|psu a|b failed\n")
            .get(0);
    assertThat(line.reason()).isEqualTo("psu a|b failed");
  }

  @Test
  void theProbeFormatAvoidsTheUnicodeUpColumnThatEvenLcAllCPrints() {
    // Captured: `LC_ALL=C LANG=C flux resource status` still prints ✔/✗.
    assertThat(FluxFixtures.read("resource-status/cpu-mixed_LC_ALL_C_resource-status.txt"))
        .contains("✔")
        .contains("✗")
        .isEqualTo(FluxFixtures.read("resource-status/cpu-mixed_resource-status.txt"));
    assertThat(Format.CURRENT.fields()).doesNotContain("{up").contains("{status}");
  }

  @Test
  void legacyFormatMarksOfflineRanksByLineOrStar() {
    String legacy =
        "all|0-4|cn[1-4,10]||\n"
            + "online|0-3|cn[1-4]||\n"
            + "avail|0-2|cn[1-3]||\n"
            + "offline|4|cn10||\n"
            + "drained*|3|cn4|1795974882.0|fan failure\n";
    List<FluxStatusLine> lines = FluxStatusParser.parse("status", Format.LEGACY, legacy);
    assertThat(lines)
        .extracting(FluxStatusLine::baseState, FluxStatusLine::online)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("all", true),
            org.assertj.core.groups.Tuple.tuple("online", true),
            org.assertj.core.groups.Tuple.tuple("avail", true),
            org.assertj.core.groups.Tuple.tuple("offline", false),
            org.assertj.core.groups.Tuple.tuple("drained", false));
    assertThat(lines.get(4).reason()).isEqualTo("fan failure");
  }

  @Test
  void ranksNoInstanceHasAreRefusedByTheirCount() {
    // Found by fuzzing: millions of ranks were expanded (seconds of work) before anything refused
    // them.
    assertThatThrownBy(
            () -> FluxStatusParser.parse("status", Format.LEGACY, "all|4-2496067|cn[1-4]||\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("'4-2496067' names 2496064 ranks: more than 131072 ranks");
  }

  @Test
  void formatFollowsTheRelease() {
    assertThat(Format.forRelease(FluxRelease.parse("0.49.0"))).isEqualTo(Format.CURRENT);
    assertThat(Format.forRelease(FluxRelease.parse("0.48.0"))).isEqualTo(Format.LEGACY);
  }

  @Test
  void badLinesNameCommandAndLine() {
    assertThatThrownBy(
            () ->
                FluxStatusParser.parse(
                    CMD, Format.CURRENT, "avail|avail|online|0|n1||\nSTATE UP\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("expected 7");
    assertThatThrownBy(
            () -> FluxStatusParser.parse(CMD, Format.CURRENT, "avail|avail|maybe|0|n1||\n"))
        .hasMessageContaining("neither 'online' nor 'offline'");
    assertThatThrownBy(
            () -> FluxStatusParser.parse(CMD, Format.CURRENT, "avail|avail|online|x|n1||\n"))
        .hasMessageContaining("ranks");
    assertThatThrownBy(
            () ->
                FluxStatusParser.parse(
                    CMD, Format.CURRENT, "drained|drained|online|0|n1|Nov29|r\n"))
        .hasMessageContaining("not epoch seconds");
  }
}
