package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostlistCompressTest {

  /** flux-notes.md 8.2 compress rows, plus what scontrol 22.05 printed for the padding cases. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "node1,node2,node3,node7        | node[1-3,7]",
        "node01,node02,node03,node7     | node[01-03,7]",
        "node1,node01                   | node[1,01]",
        "node01,node1,node001           | node[01,1,001]",
        "node9,node10,node11            | node[9-11]",
        "node09,node10,node11           | node[09-11]",
        "node99,node100                 | node[99-100]",
        "node099,node100                | node[099-100]",
        "node9,node010                  | node[9,010]",
        "node08,node9                   | node[08,9]",
        "n1,n01,n2,n3,n02               | n[1,01,2-3,02]",
        "node3,node1,node2              | node[3,1-2]",
        "node1,node1,node2              | node[1,1-2]",
        "a1,b1,a2,b2                    | a1,b1,a2,b2",
        "node1-ib,node2-ib,node3-ib     | node1-ib,node2-ib,node3-ib",
        "n1.cluster,n2.cluster          | n1.cluster,n2.cluster",
        "host                           | host",
        "host,host                      | host,host",
        "x,node1,x                      | x,node1,x",
        "node,node1,node2               | node,node[1-2]",
        "00,01,5                        | [00-01,5]",
        "rack1-node1,rack1-node2,rack2-node1 | rack1-node[1-2],rack2-node1",
        "NODE1,NODE2,node1,node2        | NODE[1-2],node[1-2]",
      })
  void compressesAsFluxAndSlurmDo(String hosts, String expected) {
    List<String> list = Arrays.asList(hosts.split(","));
    assertThat(Hostlist.compress(list)).isEqualTo(expected);
    assertThat(Hostlist.expand(expected)).containsExactlyElementsOf(list);
  }

  @Test
  void emptyListIsTheEmptyString() {
    assertThat(Hostlist.compress(List.of())).isEmpty();
  }

  @Test
  void rangesStopAtTheTopOfTheUnsignedRange() {
    List<String> hosts = List.of("n18446744073709551614", "n18446744073709551615", "n0");
    assertThat(Hostlist.compress(hosts))
        .isEqualTo("n[18446744073709551614-18446744073709551615,0]");
  }

  @Test
  void numbersBeyond64BitsStayLiteral() {
    List<String> hosts = List.of("n18446744073709551616", "n18446744073709551617");
    assertThat(Hostlist.compress(hosts)).isEqualTo("n18446744073709551616,n18446744073709551617");
  }

  @Test
  void refusesNamesAHostlistCannotCarry() {
    assertThatThrownBy(() -> Hostlist.compress(List.of("a1", "a b")))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("host 2 of the list contains ' '");
    assertThatThrownBy(() -> Hostlist.compress(List.of("rack1-node[1")))
        .isInstanceOf(HostlistException.class)
        .hasMessage(
            "invalid host name 'rack1-node[1': host 1 of the list contains '[',"
                + " which a hostlist cannot carry in a name");
    assertThatThrownBy(() -> Hostlist.compress(List.of("a,b")))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("contains ','");
    assertThatThrownBy(() -> Hostlist.compress(Arrays.asList("a1", "")))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("host 2 of the list has no name");
  }

  @Test
  void expandOfCompressGivesEveryGeneratedListBack() {
    Random random = new Random(20261129L);
    for (int round = 0; round < 2_000; round++) {
      List<String> hosts = HostGenerator.hosts(random, 1 + random.nextInt(60), true);
      String compressed = Hostlist.compress(hosts);
      assertThat(Hostlist.expand(compressed))
          .as("round %d: %s -> %s", round, hosts, compressed)
          .containsExactlyElementsOf(hosts);
      assertThat(Hostlist.count(compressed)).isEqualTo(hosts.size());
    }
  }

  @Test
  void compressOfExpandIsAFixedPoint() {
    Random random = new Random(7L);
    for (int round = 0; round < 1_000; round++) {
      String compressed =
          Hostlist.compress(HostGenerator.hosts(random, 1 + random.nextInt(60), true));
      assertThat(Hostlist.compress(Hostlist.expand(compressed))).isEqualTo(compressed);
    }
  }

  @Test
  void compressesARunOfAHundredThousandHostsIntoOneRange() {
    List<String> hosts = new ArrayList<>(Hostlist.expand("node[000001-100000]"));
    assertThat(Hostlist.compress(hosts)).isEqualTo("node[000001-100000]");
    hosts.add("node000001");
    assertThat(Hostlist.compress(hosts)).isEqualTo("node[000001-100000,000001]");
  }
}
