package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.hostlist.Hostlist.Dialect;
import io.examlops.fleet.hostlist.Transcript.Block;
import io.examlops.fleet.testing.Fixtures;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every `flux hostlist` call of the flux-core 0.88.0 transcript, replayed through Hostlist. */
class FluxHostlistTranscriptTest {
  private static final Transcript TRANSCRIPT =
      Transcript.parse(Fixtures.flux("hostlist/hostlist-examples.txt"));

  /** Set operations of `flux hostlist` that Hostlist does not offer: sort, uniq, nth, find, ... */
  private static final Set<String> OTHER_OPERATIONS =
      Set.of("-S", "-u", "-n", "-F", "-m", "-i", "-f");

  /** Arguments that `flux hostlist` reads as a source or a job ID, not as a hostlist. */
  private static final Set<String> NOT_HOSTLISTS =
      Set.of("instance", "avail", "ƒCfjPArK", "fCfjPArK", "f1");

  /**
   * flux-core hands whitespace inside brackets to strtoul, which skips it but counts it as padding
   * (node[ 1-3] gives node[01-03]); Hostlist refuses it instead.
   */
  private static final Set<String> REFUSED_ON_PURPOSE = Set.of("node[ 1-3]", "node[1 - 3]");

  @TestFactory
  Stream<DynamicTest> everyHostlistCallOfTheTranscript() {
    return replayed().map(block -> DynamicTest.dynamicTest(block.toString(), () -> replay(block)));
  }

  @Test
  void transcriptIsReadCompletely() {
    assertThat(TRANSCRIPT.blocks()).hasSize(72);
    assertThat(replayed()).hasSize(57);
  }

  private static Stream<Block> replayed() {
    return TRANSCRIPT.blocks().stream()
        .filter(b -> b.words().stream().noneMatch(OTHER_OPERATIONS::contains))
        .filter(b -> !NOT_HOSTLISTS.contains(b.lastWord()));
  }

  private static void replay(Block block) {
    String expression = block.lastWord();
    List<String> options = block.words().subList(2, block.words().size() - 1);
    if (block.rc() != 0 || REFUSED_ON_PURPOSE.contains(expression)) {
      assertThatThrownBy(() -> Hostlist.expand(expression, Dialect.FLUX))
          .isInstanceOf(HostlistException.class)
          .hasMessageContaining(expression);
      return;
    }
    String printed = String.join("\n", block.output());
    if (options.contains("-c")) {
      assertThat(Hostlist.count(expression, Dialect.FLUX)).isEqualTo(Long.parseLong(printed));
    } else if (options.contains("-e")) {
      String delimiter = options.contains("-d") ? options.get(options.indexOf("-d") + 1) : " ";
      List<String> expected =
          printed.isEmpty() ? List.of() : Arrays.asList(printed.split(delimiter, -1));
      assertThat(Hostlist.expand(expression, Dialect.FLUX)).containsExactlyElementsOf(expected);
    } else {
      assertCompressed(expression, printed);
    }
  }

  /**
   * `flux hostlist EXPR` prints the compressed expansion. Where Flux's literal suffix put brackets
   * into host names, its output cannot be read back, and Hostlist.compress refuses such names.
   */
  private static void assertCompressed(String expression, String printed) {
    List<String> hosts = Hostlist.expand(expression, Dialect.FLUX);
    if (hosts.stream().anyMatch(h -> h.contains("["))) {
      assertThat(hosts).containsExactlyElementsOf(splitOutsideBrackets(printed));
      assertThatThrownBy(() -> Hostlist.compress(hosts)).isInstanceOf(HostlistException.class);
    } else {
      assertThat(Hostlist.compress(hosts)).isEqualTo(printed);
    }
  }

  private static List<String> splitOutsideBrackets(String text) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      if (c == ',' && depth == 0) {
        items.add(text.substring(start, i));
        start = i + 1;
      }
    }
    items.add(text.substring(start));
    return items;
  }
}
