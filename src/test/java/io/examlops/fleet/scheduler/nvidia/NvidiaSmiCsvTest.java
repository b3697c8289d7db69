package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.scheduler.ProbeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NvidiaSmiCsvTest {
  private static final String CMD = NvidiaCommands.QUERY_GPU;
  private static final String MASKED_UUID = "GPU-00000000-0000-0000-0000-000000000000";

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01   | idle | 590.48.01 | NVIDIA H100 80GB HBM3 | 81559 | 0 | 0 | false
          linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01   | load | 590.48.01 | NVIDIA H100 80GB HBM3 | 81559 | 19818 | 100 | false
          linux-x86_64__nvidia-h100-mig__590.48.01         | idle | 590.48.01 | NVIDIA H100 80GB HBM3 | 81559 | 59 | null | true
          linux-x86_64__nvidia-h100-mig__590.48.01         | load | 590.48.01 | NVIDIA H100 80GB HBM3 | 81559 | 11125 | null | true
          linux-x86_64__nvidia-l40s__595.80                | load | 595.80    | NVIDIA L40S | 46068 | 1235 | 9 | false
          windows-x86_64__nvidia-geforce-rtx-2080-super__610.62 | idle | 610.62 | NVIDIA GeForce RTX 2080 SUPER | 8192 | 797 | 0 | false
          """)
  void readsTheCapturedQueryByHeaderWhateverTheFieldList(
      String capture,
      String state,
      String driver,
      String model,
      long total,
      long used,
      Integer util,
      boolean mig) {
    var table =
        NvidiaSmiCsv.parseGpus(CMD, ExporterCapture.section(capture, state + " :: query-gpu"));

    assertThat(table.driverVersion()).isEqualTo(driver);
    assertThat(table.faults()).isEmpty();
    assertThat(table.gpus())
        .containsExactly(new GpuInfo(null, 0, MASKED_UUID, model, total, used, util, true, mig));
  }

  @Test
  void computeAppsListTheBusyGpusOnlyUnderLoad() {
    String capture = "linux-x86_64__nvidia-h100-mig__590.48.01";
    String apps = NvidiaCommands.COMPUTE_APPS;

    assertThat(
            NvidiaSmiCsv.parseComputeApps(
                apps, ExporterCapture.section(capture, "idle :: query-compute-apps")))
        .isEmpty();
    assertThat(
            NvidiaSmiCsv.parseComputeApps(
                apps, ExporterCapture.section(capture, "load :: query-compute-apps")))
        .containsExactly(MASKED_UUID);
  }

  @Test
  void readsTheProbesOwnFieldListWithUnitsAndBracketedAnswers() {
    String out =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%], mig.mode.current, driver_version
        0, GPU-1a2b3c4d-0000-0000-0000-000000000000, NVIDIA A100-SXM4-80GB, 81920 MiB, 0 MiB, [N/A], Enabled, 535.54.03
        1, GPU-5e6f7a8b-0000-0000-0000-000000000000, Tesla K80, 11441 MiB, [Not Supported], [Not Supported], [N/A], 535.54.03
        2, GPU-9c0d1e2f-0000-0000-0000-000000000000, Tesla V100-SXM2-16GB, [Unknown Error], [Unknown Error], [Unknown Error], [N/A], 535.54.03
        3, [GPU is lost], [GPU is lost], [GPU is lost], [GPU is lost], [GPU is lost], [GPU is lost], 535.54.03
        """;

    var gpus = NvidiaSmiCsv.parseGpus(CMD, out).gpus();

    assertThat(gpus.get(0).migMode()).isTrue();
    assertThat(gpus.get(0).utilizationPercent()).isNull();
    assertThat(gpus.get(0).memoryUsedMib()).as("a real zero stays zero").isZero();
    assertThat(gpus.get(1).memoryUsedMib()).isNull();
    assertThat(gpus.get(1).online()).isTrue();
    assertThat(gpus.get(2).online()).isFalse();
    assertThat(gpus.get(2).memoryTotalMib()).isNull();
    assertThat(gpus.get(3))
        .isEqualTo(new GpuInfo(null, 3, null, "unknown", null, null, null, false, false));
  }

  @Test
  void aGpuTheDriverCannotReachIsAFaultNotARow() {
    String out =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%], mig.mode.current, driver_version
        Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU
        1, GPU-5e6f7a8b-0000-0000-0000-000000000000, NVIDIA A40, 46068 MiB, 0 MiB, 0 %, [N/A], 550.54.15
        """;

    var table = NvidiaSmiCsv.parseGpus(CMD, out);

    assertThat(table.gpus()).extracting(GpuInfo::index).containsExactly(1);
    assertThat(table.faults()).singleElement().asString().contains("GPU is lost");
  }

  @Test
  void driverWarningsBetweenRowsAreSkipped() {
    String out =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%]
        WARNING: infoROM is corrupted at gpu 0000:04:00.0
        0, GPU-1, Tesla K80, 11441 MiB, 0 MiB, 0 %
        """;

    assertThat(NvidiaSmiCsv.parseGpus(CMD, out).gpus())
        .extracting(GpuInfo::model)
        .containsExactly("Tesla K80");
  }

  @Test
  void noDevicesIsAnEmptyListNotAnError() {
    assertThat(NvidiaSmiCsv.parseGpus(CMD, "No devices were found\n").gpus()).isEmpty();
  }

  @Test
  void aRowWithTheWrongNumberOfFieldsNamesItsLine() {
    String out =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%]
        0, GPU-1, NVIDIA A100, 81920 MiB, 0 MiB
        """;

    assertThatThrownBy(() -> NvidiaSmiCsv.parseGpus(CMD, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("expected 6 comma-separated fields");
  }

  @Test
  void aValueOfTheWrongShapeNamesItsLine() {
    String out =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%]
        0, GPU-1, NVIDIA A100, 80 GiB, 0 MiB, 3 %
        """;

    assertThatThrownBy(() -> NvidiaSmiCsv.parseGpus(CMD, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("'80 GiB'");
  }

  @Test
  void outputWithoutTheHeaderIsRefusedWithAHint() {
    assertThatThrownBy(() -> NvidiaSmiCsv.parseGpus(CMD, "0, GPU-1, NVIDIA A100, 81920, 0, 3\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("--format=csv (with header)");
  }

  @Test
  void garbageIsRefused() {
    assertThatThrownBy(
            () -> NvidiaSmiCsv.parseComputeApps(NvidiaCommands.COMPUTE_APPS, "\u0000\u0001garbage"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1");
  }

  /** Found by NvidiaSmiFuzzTest#csv: a repeated header column threw IndexOutOfBoundsException. */
  @Test
  void repeatedHeaderColumnNamesTheLine() {
    String out =
        "index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%], name\n"
            + "0, GPU-1, A100, 81920 MiB, 0 MiB, 0 %\n";
    assertThatThrownBy(() -> NvidiaSmiCsv.parseGpus(CMD, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("'name' appears twice");
  }
}
