package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.testing.Fixtures;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlurmNodeStateTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    // base states, compact and long forms (sinfo %t / %T)
    "idle, IDLE",
    "alloc, ALLOCATED",
    "allocated, ALLOCATED",
    "mix, MIXED",
    "mixed, MIXED",
    "down, DOWN",
    "unk, UNKNOWN",
    "unknown, UNKNOWN",
    "futr, DOWN",
    "future, DOWN",
    "error, DOWN",
    // summary states that are flags on a base
    "drain, DRAIN",
    "drained, DRAIN",
    "drng, DRAIN",
    "draining, DRAIN",
    "fail, DRAIN",
    "failg, DRAIN",
    "failing, DRAIN",
    "maint, DRAIN",
    "comp, ALLOCATED",
    "completing, ALLOCATED",
    "resv, ALLOCATED",
    "reserved, ALLOCATED",
    // planned by backfill for a pending job, still schedulable: Slurm prints IDLE+PLANNED so
    "plnd, IDLE",
    "planned, IDLE",
    "PLANNED, IDLE",
    "block, ALLOCATED",
    "blocked, ALLOCATED",
    "npc, ALLOCATED",
    "perfctrs, ALLOCATED",
    "inval, DOWN",
    "pow_dn, DOWN",
    "power_down, DOWN",
    "pow_up, DOWN",
    "power_up, DOWN",
    "powered_down, DOWN",
    "powering_down, DOWN",
    "powering_up, DOWN",
    "boot, DOWN",
    "booting, DOWN",
    "reboot, DOWN",
    "reboot^, DOWN",
    "cloud, DOWN",
    // every suffix on an idle node: none of them leaves it idle
    "idle*, DOWN",
    "idle~, DOWN",
    "idle#, DOWN",
    "idle!, DOWN",
    "idle%, DOWN",
    "idle$, DRAIN",
    "idle@, DOWN",
    "idle^, DOWN",
    "plnd-, IDLE",
    // suffixes on busy and other nodes
    "mix-, MIXED",
    "MIXED-, MIXED",
    "mixed-, MIXED",
    "mix@, ALLOCATED",
    "alloc!, ALLOCATED",
    "alloc+, ALLOCATED",
    "ALLOCATED+, ALLOCATED",
    "mix*, DOWN",
    "down*, DOWN",
    "down$, DOWN",
    "unk*, DOWN",
    "unknown*, DOWN",
    "drain*, DRAIN",
    "drng@, DRAIN",
    "DRAINED~, DRAIN",
    "maint*, DOWN",
    "futr~, DOWN",
    "comp*, DOWN",
    // compound forms (scontrol, sinfo -O StateComplete)
    "IDLE+DRAIN, DRAIN",
    "MIXED+DRAIN, DRAIN",
    "idle+drain, DRAIN",
    "DOWN+NOT_RESPONDING, DOWN",
    "UNKNOWN+NOT_RESPONDING, DOWN",
    "IDLE+POWERED_DOWN, DOWN",
    "IDLE+CLOUD+POWERED_DOWN, DOWN",
    "IDLE+CLOUD, IDLE",
    "IDLE+DYNAMIC_NORM, IDLE",
    "IDLE+DYNAMIC_FUTURE, DOWN",
    "IDLE+MAINTENANCE+RESERVED, DRAIN",
    "IDLE+RESERVED, ALLOCATED",
    "IDLE+PLANNED, IDLE",
    "MIXED+PLANNED, MIXED",
    "IDLE+PLANNED+DRAIN, DRAIN",
    "IDLE+COMPLETING, ALLOCATED",
    "MIXED+COMPLETING, ALLOCATED",
    "IDLE+REBOOT_REQUESTED, DOWN",
    "MIXED+REBOOT_REQUESTED, ALLOCATED",
    "IDLE+INVALID_REG, DOWN",
    "DOWN+DRAIN, DRAIN",
    "IDLE+FAIL, DRAIN",
    // anything unrecognised is never idle
    "'', UNKNOWN",
    "?, UNKNOWN",
    "IDLE+?, UNKNOWN",
    "idle+sparkling, UNKNOWN",
    "n/a, UNKNOWN",
    "RESUME, UNKNOWN",
    "UNDRAIN, UNKNOWN",
    "idle+mixed, UNKNOWN",
  })
  void mapsEveryStateText(String text, NodeState expected) {
    SlurmNodeState state = SlurmNodeState.parse(text);
    assertThat(state.normalized()).isEqualTo(expected);
    assertThat(state.raw()).isEqualTo(text.trim());
  }

  @Test
  void caseAndWhitespaceDoNotMatter() {
    assertThat(SlurmNodeState.map("  MIX ")).isEqualTo(NodeState.MIXED);
    assertThat(SlurmNodeState.map("Drained")).isEqualTo(NodeState.DRAIN);
  }

  @Test
  void jsonBaseAndFlagsReadLikeCompoundText() {
    assertThat(SlurmNodeState.ofWords("idle", List.of("DRAIN")).normalized())
        .isEqualTo(NodeState.DRAIN);
    assertThat(SlurmNodeState.ofWords(null, List.of("MIXED", "DRAIN")).normalized())
        .isEqualTo(NodeState.DRAIN);
    assertThat(SlurmNodeState.ofWords("mixed", List.of()).normalized()).isEqualTo(NodeState.MIXED);
    assertThat(SlurmNodeState.ofWords(null, List.of("IDLE", "PLANNED")).normalized())
        .isEqualTo(NodeState.IDLE);
    assertThat(SlurmNodeState.ofWords(null, List.of("MIXED", "PLANNED")).normalized())
        .isEqualTo(NodeState.MIXED);
    assertThat(SlurmNodeState.ofWords("down", List.of("NOT_RESPONDING")).raw())
        .isEqualTo("down+NOT_RESPONDING");
  }

  @Test
  void keepsBaseFlagsAndUnrecognisedWords() {
    SlurmNodeState state = SlurmNodeState.parse("MIXED+DRAIN+SPARKLE*");
    assertThat(state.base()).isEqualTo(SlurmNodeState.Base.MIXED);
    assertThat(state.flags())
        .containsExactlyInAnyOrder(SlurmNodeState.Flag.DRAIN, SlurmNodeState.Flag.NOT_RESPONDING);
    assertThat(state.unrecognised()).containsExactly("sparkle");
  }

  /** No text that is not exactly "idle" (or a neutral flag on it) may come out idle. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "idle*",
        "idle~",
        "idle#",
        "idle!",
        "idle%",
        "idle$",
        "idle@",
        "idle^",
        "idle+",
        "idlee",
        "idle+x",
        "IDLE+NOT_RESPONDING",
        "IDLE+POWERING_UP",
        "IDLE+POWER_DOWN",
        "resv",
        "unk",
        "futr",
        "inval",
        "IDLE+BLOCKED"
      })
  void nothingButPlainOrPlannedIdleIsIdle(String text) {
    assertThat(SlurmNodeState.map(text)).isNotEqualTo(NodeState.IDLE);
  }

  /** Every state word in the real scontrol captures is read without leftovers. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "scontrol-show-node.busy.out",
        "scontrol-show-node.idle.out",
        "scontrol-show-node-n3.powered-down.out",
        "scontrol-show-node-h1.netns-not-responding.out"
      })
  void readsEveryScontrolStateOfTheCaptures(String fixture) {
    var matcher = Pattern.compile("\\bState=(\\S+)").matcher(Fixtures.slurm(fixture));
    int seen = 0;
    while (matcher.find()) {
      seen++;
      assertThat(SlurmNodeState.parse(matcher.group(1)).unrecognised())
          .as(matcher.group(1))
          .isEmpty();
    }
    assertThat(seen).isPositive();
  }

  @Test
  void statesOfTheCapturesMapAsDocumented() {
    // sinfo -N -h -o '%N|%t|%T' on the busy and extra-states clusters: both columns agree
    for (String fixture :
        List.of("sinfo-N-h-o-pipe-states.busy.out", "sinfo-N-h-o-pipe-states.extra-states.out")) {
      for (String line : Fixtures.slurm(fixture).split("\n")) {
        String[] f = line.split("\\|");
        assertThat(SlurmNodeState.map(f[1])).as(line).isEqualTo(SlurmNodeState.map(f[2]));
      }
    }
    assertThat(SlurmNodeState.map("maint")).isEqualTo(NodeState.DRAIN);
    assertThat(SlurmNodeState.map("reserved")).isEqualTo(NodeState.ALLOCATED);
  }
}
