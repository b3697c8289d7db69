package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import java.util.List;

/**
 * Coverage-guided fuzzing of hostlists and idsets (docs/reliability.md). The only failure allowed
 * is a {@link HostlistException}; anything else thrown, a hang or a memory blow-up is a finding.
 * Seeds: HostlistFuzzTestInputs/, from the hostlist fixtures.
 */
class HostlistFuzzTest {
  /** Compressing more than this many hosts per input would only slow the fuzzer down. */
  private static final long COMPRESSED_PER_INPUT = 1 << 16;

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void hostlist(byte[] data) {
    String expression = FuzzInput.text(data);
    for (Hostlist.Dialect dialect : Hostlist.Dialect.values()) {
      long count;
      try {
        count = Hostlist.count(expression, dialect);
      } catch (HostlistException e) {
        assertThatThrownBy(() -> Hostlist.expand(expression, dialect))
            .isInstanceOf(HostlistException.class);
        continue;
      }
      if (count > Hostlist.MAX_EXPANSION) {
        assertThatThrownBy(() -> Hostlist.expand(expression, dialect))
            .isInstanceOf(HostlistException.class)
            .hasMessageContaining(String.valueOf(count));
        continue;
      }
      List<String> hosts;
      try {
        hosts = Hostlist.expand(expression, dialect);
      } catch (HostlistException e) {
        assertThat(e.getMessage()).contains(String.valueOf(Hostlist.MAX_EXPANDED_CHARS));
        continue;
      }
      assertThat(hosts).hasSize((int) count);
      if (count <= COMPRESSED_PER_INPUT) {
        compressRoundTrip(hosts);
      }
    }
  }

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void idset(byte[] data) {
    String text = FuzzInput.text(data);
    long count;
    try {
      count = Idset.count(text);
    } catch (HostlistException e) {
      assertThatThrownBy(() -> Idset.parse(text)).isInstanceOf(HostlistException.class);
      return;
    }
    if (count > Hostlist.MAX_EXPANSION) {
      assertThatThrownBy(() -> Idset.parse(text)).isInstanceOf(HostlistException.class);
    } else {
      List<Long> ids = Idset.parse(text);
      assertThat(ids).hasSize((int) count);
      if (count <= COMPRESSED_PER_INPUT) {
        assertThat(Idset.parse(Idset.format(ids))).isEqualTo(ids);
      }
    }
  }

  /** What expands must compress back to the same hosts, or be refused as a host name. */
  private static void compressRoundTrip(List<String> hosts) {
    String compressed;
    try {
      compressed = Hostlist.compress(hosts);
    } catch (HostlistException e) {
      return;
    }
    assertThat(Hostlist.expand(compressed, Hostlist.Dialect.SLURM))
        .containsExactlyInAnyOrderElementsOf(hosts);
  }
}
