package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.scheduler.ProbeException;

/**
 * Coverage-guided fuzzing of what the nvidia-smi probe reads (docs/reliability.md): the CSV
 * queries, the XML report, {@code -L}, and the combined host report that holds them. A parse error
 * must be a {@link ProbeException} naming the command; anything else thrown, a hang or a memory
 * blow-up is a finding. Seeds: NvidiaSmiFuzzTestInputs/, from the real captures.
 */
class NvidiaSmiFuzzTest {
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void csv(byte[] data) {
    String output = FuzzInput.text(data);
    FuzzInput.readOrRefused(
        "nvidia-smi --query-gpu", () -> NvidiaSmiCsv.parseGpus(NvidiaCommands.QUERY_GPU, output));
    FuzzInput.readOrRefused(
        NvidiaCommands.COMPUTE_APPS,
        () -> NvidiaSmiCsv.parseComputeApps(NvidiaCommands.COMPUTE_APPS, output));
  }

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void xml(byte[] data) {
    FuzzInput.readOrRefused(
        NvidiaCommands.XML, () -> NvidiaSmiXml.parse(NvidiaCommands.XML, FuzzInput.text(data)));
  }

  /** a: {@code nvidia-smi -L}, b: the whole host report ({@link NvidiaCommands#HOST_REPORT}). */
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void listAndReport(byte[] data) {
    String output = FuzzInput.rest(data);
    try {
      if (FuzzInput.choice(data, 2) == 0) {
        NvidiaSmiList.parse(NvidiaCommands.LIST, output);
      } else {
        assertThat(NvidiaHostReport.parse(output, "gpu-host")).isNotNull();
      }
    } catch (ProbeException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
