package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IdsetTest {

  /** The forms flux-notes.md 8.3 saw in flux-core 0.88.0 output. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "0-3      | 0 1 2 3",
        "4-5,7    | 4 5 7",
        "1,3-5    | 1 3 4 5",
        "[2-3]    | 2 3",
        "2        | 2",
        "[7]      | 7",
      })
  void parsesWhatFluxPrints(String text, String ids) {
    List<Long> expected = Arrays.stream(ids.split(" ")).map(Long::valueOf).toList();
    assertThat(Idset.parse(text)).containsExactlyElementsOf(expected);
    assertThat(Idset.count(text)).isEqualTo(expected.size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  ", "[]"})
  void blankIsTheEmptySet(String text) {
    assertThat(Idset.parse(text)).isEmpty();
    assertThat(Idset.count(text)).isZero();
  }

  @Test
  void nullIsTheEmptySet() {
    assertThat(Idset.parse(null)).isEmpty();
    assertThat(Idset.count(null)).isZero();
  }

  @Test
  void countsHugeSetsFromTheirRanges() {
    assertThat(Idset.count("0-2147483647")).isEqualTo(2_147_483_648L);
    assertThat(Idset.count("[0-9223372036854775806]")).isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> Idset.parse("0-2147483647"))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("holds 2147483648 ids, more than the 4194304 listed");
  }

  @Test
  void parsesTheLargestId() {
    assertThat(Idset.parse("9223372036854775807")).containsExactly(Long.MAX_VALUE);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "3-1          | range '3-1' runs backwards",
        "1,01         | '01' has a leading zero",
        "3,1          | '1' comes after 3; an idset lists ids in ascending order, each once",
        "1-3,2        | '2' comes after 3",
        "1,1          | '1' comes after 1",
        "1,,2         | '' is not a non-negative id",
        "a            | 'a' is not a non-negative id or a range like 2-5",
        "-1           | '-1' is not a non-negative id",
        "1-2-3        | '1-2-3' is not a non-negative id",
        "[1-2         | '[1-2' is not a non-negative id",
        "1 2          | '1 2' is not a non-negative id",
        "9223372036854775808 | id '9223372036854775808' is larger than 9223372036854775807",
      })
  void refusesBadInputSayingWhatIsWrong(String text, String problem) {
    assertThatThrownBy(() -> Idset.parse(text))
        .isInstanceOf(HostlistException.class)
        .hasMessageStartingWith("invalid idset '" + text + "': ")
        .hasMessageContaining(problem);
    assertThatThrownBy(() -> Idset.count(text)).isInstanceOf(HostlistException.class);
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "0 1 2 3     | 0-3",
        "7 4 5 5     | 4-5,7",
        "1 3 4 5     | 1,3-5",
        "2           | 2",
        "2 3         | 2-3",
        "0 2 4       | 0,2,4",
      })
  void formatsAscendingRanges(String ids, String expected) {
    List<Long> list = Arrays.stream(ids.split(" ")).map(Long::valueOf).toList();
    assertThat(Idset.format(list)).isEqualTo(expected);
  }

  @Test
  void formatsTheEmptySetAsEmptyText() {
    assertThat(Idset.format(List.of())).isEmpty();
  }

  @Test
  void refusesNegativeIds() {
    assertThatThrownBy(() -> Idset.format(List.of(1L, -2L)))
        .isInstanceOf(HostlistException.class)
        .hasMessageContaining("id -2 is not a non-negative number");
  }

  @Test
  void parseOfFormatGivesTheSetBack() {
    Random random = new Random(22L);
    for (int round = 0; round < 1_000; round++) {
      TreeSet<Long> ids = new TreeSet<>();
      int size = random.nextInt(40);
      for (int i = 0; i < size; i++) {
        ids.add((long) random.nextInt(80));
      }
      String text = Idset.format(ids);
      assertThat(Idset.parse(text)).as(text).containsExactlyElementsOf(ids);
      assertThat(Idset.parse("[" + text + "]")).containsExactlyElementsOf(ids);
      assertThat(Idset.count(text)).isEqualTo(ids.size());
    }
  }
}
