package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.List;

/**
 * Coverage-guided fuzzing of what Slurm discovery reads (docs/reliability.md): sinfo text in every
 * format the probe runs, sinfo JSON, and the small fields inside them. A parse error must be the
 * parser's located error ({@link ProbeException} naming the command, or the field's {@link
 * IllegalArgumentException}); anything else thrown, a hang or a memory blow-up is a finding. Seeds:
 * SlurmDiscoveryFuzzTestInputs/, from the real sinfo captures.
 */
class SlurmDiscoveryFuzzTest {
  private static final List<SinfoFormat> FORMATS =
      List.of(SinfoFormat.SPEC, SinfoFormat.RICH, SinfoFormat.PLAIN);

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void sinfoText(byte[] data) {
    String output = FuzzInput.text(data);
    for (SinfoFormat format : FORMATS) {
      FuzzInput.readOrRefused(format.command(), () -> SinfoTextParser.parse(format, output));
    }
  }

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void sinfoJson(byte[] data) {
    FuzzInput.readOrRefused(
        "sinfo -N --json", () -> SinfoJsonParser.parse("sinfo -N --json", FuzzInput.text(data)));
  }

  /** a: GRES, b: node state (never refused), c: sinfo --version, d: a partition's time limit. */
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void slurmFields(byte[] data) {
    String text = FuzzInput.rest(data);
    int choice = FuzzInput.choice(data, 4);
    if (choice == 1) {
      SlurmNodeState state = SlurmNodeState.parse(text);
      assertThat(SlurmNodeState.map(text)).isEqualTo(state.normalized()).isNotNull();
      return;
    }
    try {
      switch (choice) {
        case 0 -> assertThat(Gres.gpuCount(text)).isNotNegative();
        case 2 -> SlurmVersion.parse(text);
        default -> ClockDuration.minutes(text);
      }
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
