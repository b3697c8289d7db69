package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.scheduler.ProbeException;

/**
 * Coverage-guided fuzzing of what Flux discovery reads (docs/reliability.md): resource R (the
 * instance's and a job's), and the text forms of {@code flux resource status} (both formats) and
 * {@code flux resource list}. A parse error must be a {@link ProbeException} naming the command;
 * anything else thrown, a hang or a memory blow-up is a finding. Seeds:
 * FluxDiscoveryFuzzTestInputs/, from the real captures.
 */
class FluxDiscoveryFuzzTest {
  private static final String R = "flux resource R";
  private static final String JOB_R = "flux job info f1 R";
  private static final String STATUS = "flux resource status -n -o FIELDS";
  private static final String LIST = "flux resource list -n -o FIELDS";

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void resourceR(byte[] data) {
    String json = FuzzInput.text(data);
    FuzzInput.readOrRefused(R, () -> FluxRParser.parse(R, json));
    FuzzInput.readOrRefused(JOB_R, () -> assertThat(FluxR.gpus(JOB_R, json)).isNotNegative());
  }

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void resourceText(byte[] data) {
    String text = FuzzInput.text(data);
    for (FluxStatusParser.Format format : FluxStatusParser.Format.values()) {
      FuzzInput.readOrRefused(STATUS, () -> FluxStatusParser.parse(STATUS, format, text));
    }
    FuzzInput.readOrRefused(LIST, () -> FluxListParser.parse(LIST, text));
  }
}
