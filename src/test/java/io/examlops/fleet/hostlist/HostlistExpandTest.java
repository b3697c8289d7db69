package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.hostlist.Hostlist.Dialect;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class HostlistExpandTest {

  /** flux-notes.md 8.2, expansion rows; Slurm 22.05 expands them the same way. */
  /** Few hosts, each very long: the host-count limit alone let this fill the heap. */
  @Test
  void refusesToExpandMoreCharactersThanTheLimit() {
    String expression = "x".repeat(100_000) + "[1-100000]";
    assertThat(Hostlist.count(expression)).isEqualTo(100_000L);
    for (Dialect dialect : Dialect.values()) {
      assertThatThrownBy(() -> Hostlist.expand(expression, dialect))
          .isInstanceOf(HostlistException.class)
          .hasMessageContaining("more than the 67108864 characters this tool expands");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "node[0-3,7]          | node0 node1 node2 node3 node7",
        "node[001-003,010]    | node001 node002 node003 node010",
        "node[005,4,11-13]    | node005 node4 node11 node12 node13",
        "node[01-3]           | node01 node02 node03",
        "node[1-03]           | node1 node2 node3",
        "node[098-101]        | node098 node099 node100 node101",
        "node[98-101]         | node98 node99 node100 node101",
        "node[8-10]-ib        | node8-ib node9-ib node10-ib",
        "node 1               | node 1",
        "'node[1-3],'         | node1 node2 node3",
        "',node1'             | node1",
        "'NODE[1-2],node[1-2]' | NODE1 NODE2 node1 node2",
        "rank[0-2]            | rank0 rank1 rank2",
        "'x[1-3]y'            | x1y x2y x3y",
        "'node[1-3,5-7]x'     | node1x node2x node3x node5x node6x node7x",
      })
  void expandsTheFluxNotesRowsAlikeInEveryDialect(String expression, String hosts) {
    List<String> expected = Arrays.asList(hosts.split(" "));
    assertThat(Hostlist.expand(expression)).containsExactlyElementsOf(expected);
    assertThat(Hostlist.expand(expression, Dialect.SLURM)).containsExactlyElementsOf(expected);
    assertThat(Hostlist.expand(expression, Dialect.FLUX)).containsExactlyElementsOf(expected);
    assertThat(Hostlist.count(expression)).isEqualTo(expected.size());
  }

  /** RFC 29 test vectors (the padding vector as flux-core implements it: per element). */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "'[1-3,5-6]'      | 1 2 3 5 6",
        "foo[0-4]-eth2    | foo0-eth2 foo1-eth2 foo2-eth2 foo3-eth2 foo4-eth2",
        "'[00-02]'        | 00 01 02",
        "'[00-2]'         | 00 01 02",
        "'foo[1,1,2,1]'   | foo1 foo1 foo2 foo1",
        "'foo,bar,foo'    | foo bar foo",
      })
  void expandsTheRfc29Vectors(String expression, String hosts) {
    assertThat(Hostlist.expand(expression)).containsExactly(hosts.split(" "));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", ",", " , \t,\n"})
  void blankIsTheEmptyList(String expression) {
    assertThat(Hostlist.expand(expression)).isEmpty();
    assertThat(Hostlist.count(expression)).isZero();
  }

  @Test
  void nullIsTheEmptyList() {
    assertThat(Hostlist.expand(null)).isEmpty();
    assertThat(Hostlist.expand(null, Dialect.SLURM)).isEmpty();
  }

  @Test
  void whitespaceSeparatesItemsLikeCommas() {
    assertThat(Hostlist.expand("a1\tb[1-2]\nc  d,e"))
        .containsExactly("a1", "b1", "b2", "c", "d", "e");
  }

  @Test
  void slurmExpandsEveryBracketGroupWithTheLastOneInnermost() {
    assertThat(Hostlist.expand("rack[1-2]-node[1-2]", Dialect.SLURM))
        .containsExactly("rack1-node1", "rack1-node2", "rack2-node1", "rack2-node2");
    assertThat(Hostlist.expand("r[1,3]n[01-2,5]", Dialect.SLURM))
        .containsExactly("r1n01", "r1n02", "r1n5", "r3n01", "r3n02", "r3n5");
  }

  @Test
  void slurmNestsThreeGroupsAsScontrolDoes() {
    // scontrol: the next-to-last group is the outermost loop, the last the innermost.
    assertThat(Hostlist.expand("a[1-2]b[3-4]c[5-6]", Dialect.SLURM))
        .containsExactly(
            "a1b3c5", "a1b3c6", "a2b3c5", "a2b3c6", "a1b4c5", "a1b4c6", "a2b4c5", "a2b4c6");
  }

  @Test
  void slurmKeepsASuffixAfterTheLastGroup() {
    assertThat(Hostlist.expand("r[1-2]n[1-2]-ib", Dialect.SLURM))
        .containsExactly("r1n1-ib", "r1n2-ib", "r2n1-ib", "r2n2-ib");
    assertThat(Hostlist.count("r[1-2]n[1-2]-ib,x", Dialect.SLURM)).isEqualTo(5);
  }

  @Test
  void fluxExpandsOnlyTheFirstGroupAndKeepsTheRestLiterally() {
    assertThat(Hostlist.expand("rack[1-2]-node[1-2]", Dialect.FLUX))
        .containsExactly("rack1-node[1-2]", "rack2-node[1-2]");
    assertThat(Hostlist.expand("node[1-3][1-2]", Dialect.FLUX))
        .containsExactly("node1[1-2]", "node2[1-2]", "node3[1-2]");
    assertThat(Hostlist.count("rack[1-2]-node[1-9]", Dialect.FLUX)).isEqualTo(2);
  }

  @Test
  void neutralExpansionRefusesWhatTheSchedulersReadDifferently() {
    assertThatThrownBy(() -> Hostlist.expand("a1,rack[1-2]-node[1-2]"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("'rack[1-2]-node[1-2]' has 2 bracket groups")
        .hasMessageContaining("Dialect");
  }

  @Test
  void idsAreUnsigned64Bit() {
    assertThat(Hostlist.expand("node[18446744073709551614-18446744073709551615]"))
        .containsExactly("node18446744073709551614", "node18446744073709551615");
    assertThatThrownBy(() -> Hostlist.expand("node[18446744073709551616]"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("'18446744073709551616' is larger than 18446744073709551615");
  }

  @Test
  void paddingWiderThanAnyNumberIsKept() {
    assertThat(Hostlist.expand("n[0000000000000000000000009-0000000000000000000000010]"))
        .containsExactly("n0000000000000000000000009", "n0000000000000000000000010");
  }

  @Test
  void rangesCrossDecadesAtTheirWidth() {
    assertThat(Hostlist.expand("n[9-11]")).containsExactly("n9", "n10", "n11");
    assertThat(Hostlist.expand("n[0998-1001]")).containsExactly("n0998", "n0999", "n1000", "n1001");
    assertThat(Hostlist.expand("n[999-1000]x")).containsExactly("n999x", "n1000x");
  }

  @Test
  void countsWithoutExpanding() {
    assertThat(Hostlist.count("node[01-16,20-24]")).isEqualTo(21);
    assertThat(Hostlist.count("n[0-9223372036854775806]")).isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> Hostlist.count("n[0-9223372036854775806],m"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("more than 2^63 hosts");
    assertThatThrownBy(() -> Hostlist.count("n[1-18446744073709551615]"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("range 1-18446744073709551615 holds too many ids to count");
  }

  @Test
  void refusesToExpandMoreThanTheLimit() {
    assertThat(Hostlist.count("n[1-99999999]")).isEqualTo(99_999_999L);
    assertThatThrownBy(() -> Hostlist.expand("n[1-99999999]"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("stands for 99999999 hosts, more than the 4194304");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "node[1-3       | '[' at position 5 has no ']' after it",
        "node1-3]       | ']' at position 8 has no '[' before it",
        "node[[1-2]]    | '[' at position 6 opens inside another '['",
        "node[]         | empty brackets in 'node[]'",
        "node[3-1]      | range '3-1' in 'node[3-1]' runs backwards",
        "node[a-b]      | 'a-b' in 'node[a-b]' is not a non-negative number or a range like 1-4",
        "node[-1]       | '-1' in 'node[-1]' is not a non-negative number",
        "node[1-]       | '1-' in 'node[1-]' is not a non-negative number",
        "node[+1]       | '+1' in 'node[+1]' is not a non-negative number",
        "node[1-2-3]    | '1-2-3' in 'node[1-2-3]' is not a non-negative number",
        "node[1,,2]     | '' in 'node[1,,2]' is not a non-negative number",
        "node[ 1-3]     | whitespace at position 6 inside brackets",
        "node[1 - 3]    | whitespace at position 7 inside brackets",
      })
  void refusesBadInputSayingWhatIsWrong(String expression, String problem) {
    for (Dialect dialect : Dialect.values()) {
      assertThatThrownBy(() -> Hostlist.expand(expression, dialect))
          .isInstanceOf(HostlistException.class)
          .hasMessageStartingWith("invalid hostlist '" + expression + "': ")
          .hasMessageContaining(problem);
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void fluxSuffixBracketsMustStillPairUp(Dialect dialect) {
    assertThatThrownBy(() -> Hostlist.expand("node[1-2]x[3", dialect))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("'[' at position 11 has no ']'");
  }

  @Test
  void longInputIsShortenedInTheMessage() {
    String expression = "n1,".repeat(200) + "n[2";
    assertThatThrownBy(() -> Hostlist.expand(expression))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("...' (603 characters)")
        .satisfies(e -> assertThat(((HostlistException) e).input()).isEqualTo(expression));
  }
}
