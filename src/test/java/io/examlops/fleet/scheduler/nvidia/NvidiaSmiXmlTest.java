package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NvidiaSmiXmlTest {
  private static final String CMD = NvidiaCommands.XML;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          telegraf/a100-sxm4-v12.xml        | 535.54.03  | NVIDIA A100-SXM4-80GB | GPU-513536b6-7d19-9063-b049-1e69664bb298 | 81920 | 50 | null | true
          telegraf/a10g.xml                 | 515.105.01 | NVIDIA A10G | GPU-9a9a6c50-2a47-2f51-a902-b82c3b127e94 | 23028 | 22 | 0 | false
          telegraf/gtx-1070-ti.xml          | null       | GeForce GTX 1070 Ti | GPU-f9ba66fc-a7f5-94c5-da19-019ef2f9c665 | 4096 | 42 | 0 | false
          telegraf/gtx-1660-ti.xml          | 418.43     | Graphics Device | GPU-304a277d-3545-63b8-3a36-dfde3c992989 | 5912 | 0 | 0 | false
          telegraf/pro-6000-maxq-blackwell-v13.xml | 590.44.01 | NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition | GPU-12345678-aaaa-bbbb-cccc-0123456789ab | 97887 | 65720 | 0 | false
          telegraf/quadro-p400.xml          | 418.43     | Quadro P400 | GPU-8f750be4-dfbc-23b9-b33f-da729a536494 | 1998 | 0 | 0 | false
          telegraf/rtx-3060-v12.xml         | 570.124.04 | NVIDIA GeForce RTX 3060 | GPU-d6889ff6-2523-9142-ca3c-1ca3f396a625 | 12288 | 116 | 0 | false
          telegraf/rtx-3080-v13.xml         | 595.58.03  | NVIDIA GeForce RTX 3080 | GPU-19d6d965-2acc-f646-00f8-4c76979aabb4 | 10240 | 9184 | 65 | false
          telegraf/rtx-4000-sff-ada-v13.xml | 595.84     | NVIDIA RTX 4000 SFF Ada Generation | GPU-37037c3f-65c8-ec4d-24a9-420204ad8026 | 20475 | 3534 | 0 | false
          telegraf/tesla-t4.xml             | 515.105.01 | Tesla T4 | GPU-d37e67a5-91dd-3774-a5cb-99096249601a | 15360 | 1032 | 0 | false
          """)
  void readsEachCapturedModel(
      String fixture,
      String driver,
      String model,
      String uuid,
      long total,
      long used,
      Integer util,
      boolean mig) {
    var report = NvidiaSmiXml.parse(CMD, ExporterCapture.xmlFixture(fixture));

    assertThat(report.driverVersion()).isEqualTo(driver);
    assertThat(report.gpus())
        .containsExactly(new GpuInfo(null, 0, uuid, model, total, used, util, true, mig));
  }

  @Test
  void migEnabledGpuHasNoUtilizationAndListsItsInstances() {
    var report = NvidiaSmiXml.parse(CMD, ExporterCapture.xmlFixture("telegraf/a100-sxm4-v12.xml"));

    assertThat(report.gpus().get(0).utilizationPercent()).isNull();
    assertThat(report.migDevices())
        .extracting(MigDevice::deviceIndex, MigDevice::gpuInstanceId, MigDevice::memoryTotalMib)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 3, 19968L),
            org.assertj.core.groups.Tuple.tuple(1, 4, 19968L),
            org.assertj.core.groups.Tuple.tuple(2, 5, 19968L),
            org.assertj.core.groups.Tuple.tuple(3, 6, 19968L));
    assertThat(report.migDevices())
        .allSatisfy(
            m -> {
              assertThat(m.parentUuid()).isEqualTo("GPU-513536b6-7d19-9063-b049-1e69664bb298");
              assertThat(m.computeInstanceId()).isZero();
              assertThat(m.memoryUsedMib()).isEqualTo(12L);
              assertThat(m.uuid()).as("the XML carries no MIG UUID").isNull();
            });
  }

  @Test
  void twoGpusKeepDocumentOrderAsIndexAndComputeProcessesMarkThemBusy() {
    var report = NvidiaSmiXml.parse(CMD, ExporterCapture.xmlFixture("telegraf/dual_a5000-v13.xml"));

    assertThat(report.gpus()).extracting(GpuInfo::index).containsExactly(0, 1);
    assertThat(report.gpus())
        .extracting(GpuInfo::uuid)
        .containsExactly(
            "GPU-12345678-aaaa-bbbb-cccc-0123456789ab", "GPU-12345678-aaaa-bbbb-cccc-0123456789cd");
    assertThat(report.busyGpuUuids())
        .containsExactlyInAnyOrderElementsOf(report.gpus().stream().map(GpuInfo::uuid).toList());
  }

  @Test
  void graphicsOnlyProcessesDoNotMarkAGpuBusyButComputeOnesDo() {
    var graphicsOnly = NvidiaSmiXml.parse(CMD, ExporterCapture.xmlFixture("telegraf/a10g.xml"));
    var withCompute = NvidiaSmiXml.parse(CMD, ExporterCapture.xmlFixture("telegraf/tesla-t4.xml"));

    assertThat(graphicsOnly.busyGpuUuids()).isEmpty();
    assertThat(withCompute.busyGpuUuids())
        .containsExactly("GPU-d37e67a5-91dd-3774-a5cb-99096249601a");
  }

  @Test
  void unavailableAndFaultyValuesBecomeNullAndOffline() {
    String xml =
        """
        <?xml version="1.0" ?>
        <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v10.dtd">
        <nvidia_smi_log>
          <driver_version>390.138</driver_version>
          <gpu id="00000000:01:00.0">
            <product_name>GeForce GT 710</product_name>
            <uuid>GPU-aaaaaaaa-0000-0000-0000-000000000000</uuid>
            <fb_memory_usage><total>2001 MiB</total><used>Not Supported</used></fb_memory_usage>
            <utilization><gpu_util>Not Supported</gpu_util></utilization>
          </gpu>
          <gpu id="00000000:02:00.0">
            <product_name>Tesla V100-SXM2-16GB</product_name>
            <uuid>GPU-bbbbbbbb-0000-0000-0000-000000000000</uuid>
            <fb_memory_usage><total>Unknown Error</total><used>Unknown Error</used></fb_memory_usage>
            <utilization><gpu_util>Unknown Error</gpu_util></utilization>
          </gpu>
        </nvidia_smi_log>
        """;

    var gpus = NvidiaSmiXml.parse(CMD, xml).gpus();

    assertThat(gpus.get(0))
        .isEqualTo(
            new GpuInfo(
                null,
                0,
                "GPU-aaaaaaaa-0000-0000-0000-000000000000",
                "GeForce GT 710",
                2001L,
                null,
                null,
                true,
                false));
    assertThat(gpus.get(1).online()).isFalse();
    assertThat(gpus.get(1).memoryTotalMib()).isNull();
    assertThat(gpus.get(1).utilizationPercent()).isNull();
  }

  @Test
  void externalEntitiesAreNeverLoaded() {
    String xxe =
        """
        <?xml version="1.0"?>
        <!DOCTYPE nvidia_smi_log [<!ENTITY xxe SYSTEM "file:///etc/hostname">]>
        <nvidia_smi_log><gpu id="0"><product_name>A&xxe;B</product_name></gpu></nvidia_smi_log>
        """;

    List<GpuInfo> gpus;
    try {
      gpus = NvidiaSmiXml.parse(CMD, xxe).gpus();
    } catch (ProbeException refused) {
      return; // refusing the document is as safe as ignoring the entity
    }
    assertThat(gpus.get(0).model()).isEqualTo("AB");
  }

  @Test
  void entityBombsAreRefused() {
    StringBuilder dtd = new StringBuilder("<!ENTITY a0 \"xxxxxxxxxx\">");
    for (int i = 1; i < 12; i++) {
      dtd.append("<!ENTITY a").append(i).append(" \"");
      dtd.append(("&a" + (i - 1) + ";").repeat(10)).append("\">");
    }
    String bomb =
        "<?xml version=\"1.0\"?><!DOCTYPE nvidia_smi_log ["
            + dtd
            + "]><nvidia_smi_log><gpu id=\"0\"><product_name>&a11;</product_name></gpu>"
            + "</nvidia_smi_log>";

    assertThatThrownBy(() -> NvidiaSmiXml.parse(CMD, bomb)).isInstanceOf(ProbeException.class);
  }

  @Test
  void truncatedXmlNamesLineAndColumn() {
    String cut = ExporterCapture.xmlFixture("telegraf/tesla-t4.xml").substring(0, 600);

    assertThatThrownBy(() -> NvidiaSmiXml.parse(CMD, cut))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("nvidia-smi -q -x")
        .hasMessageMatching("(?s).*at line \\d+, column \\d+.*");
  }

  @Test
  void aValueOfTheWrongShapeNamesTheGpu() {
    String xml =
        ExporterCapture.xmlFixture("telegraf/tesla-t4.xml")
            .replace("<total>15360 MiB</total>", "<total>lots</total>");

    assertThatThrownBy(() -> NvidiaSmiXml.parse(CMD, xml))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("<gpu id=\"00000000:00:1E.0\">")
        .hasMessageContaining("'lots'");
  }

  @Test
  void anotherDocumentIsRefused() {
    assertThatThrownBy(() -> NvidiaSmiXml.parse(CMD, "<html><body>login</body></html>"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("expected <nvidia_smi_log>");
  }
}
