package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.hostlist.Hostlist.Dialect;
import io.examlops.fleet.hostlist.Transcript.Block;
import io.examlops.fleet.testing.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every `scontrol show hostnames|hostlist` call of the Slurm 22.05.8 transcript, replayed. */
class SlurmScontrolTranscriptTest {
  private static final Transcript TRANSCRIPT =
      Transcript.parse(Fixtures.slurm("hostlist/scontrol-22.05-examples.txt"));

  /**
   * Where Hostlist reads a Slurm expression differently from scontrol 22.05, and why. Slurm never
   * writes any of these itself.
   */
  private static final Map<String, List<String>> DIFFERENT_ON_PURPOSE =
      Map.of(
          // A suffix after the last bracket needs Slurm 23.02.5 or later; Flux always took it.
          "node[8-10]-ib", List.of("node8-ib", "node9-ib", "node10-ib"),
          "node[1-3,5]x", List.of("node1x", "node2x", "node3x", "node5x"),
          // Slurm caps one range at 65536 hosts; Hostlist caps a whole list at MAX_EXPANSION.
          "node[0-65536]", List.of());

  /** Quirks of strtoul and of Slurm's tokenizer that Hostlist refuses rather than copies. */
  private static final List<String> REFUSED_ON_PURPOSE =
      List.of(
          "node[ 1-3]", // whitespace counted as padding: node01..node03
          "node[1 - 3]",
          "node[1-3", // printed as "node]"
          "node1-3]", // a stray ']' kept in the name
          "node[+1]", // the sign counted as padding: node01
          "node[1-]", // read as node1
          "node[18446744073709551616]"); // clamped to 2^64-1

  @TestFactory
  Stream<DynamicTest> everyScontrolCallOfTheTranscript() {
    return replayed().map(block -> DynamicTest.dynamicTest(block.toString(), () -> replay(block)));
  }

  @Test
  void transcriptIsReadCompletely() {
    assertThat(TRANSCRIPT.blocks()).hasSize(74);
    assertThat(replayed()).hasSize(73);
  }

  private static Stream<Block> replayed() {
    // hostlistsorted sorts; Hostlist keeps the given order and offers no sort.
    return TRANSCRIPT.blocks().stream().filter(b -> !b.words().get(2).equals("hostlistsorted"));
  }

  private static void replay(Block block) {
    String expression = block.lastWord();
    if (block.words().get(2).equals("hostlist")) {
      assertThat(Hostlist.compress(Hostlist.expand(expression, Dialect.SLURM)))
          .isEqualTo(String.join("\n", block.output()));
    } else if (DIFFERENT_ON_PURPOSE.containsKey(expression)) {
      List<String> expected = DIFFERENT_ON_PURPOSE.get(expression);
      if (expected.isEmpty()) {
        assertThat(Hostlist.count(expression, Dialect.SLURM)).isEqualTo(65537);
      } else {
        assertThat(Hostlist.expand(expression, Dialect.SLURM)).containsExactlyElementsOf(expected);
      }
    } else if (REFUSED_ON_PURPOSE.contains(expression)
        || block.output().stream().anyMatch(line -> line.startsWith("Invalid hostlist"))) {
      assertThatThrownBy(() -> Hostlist.expand(expression, Dialect.SLURM))
          .isInstanceOf(HostlistException.class)
          .hasMessageContaining(expression);
    } else {
      assertThat(Hostlist.expand(expression, Dialect.SLURM))
          .containsExactlyElementsOf(block.output());
    }
  }
}
