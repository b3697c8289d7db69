package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.examlops.fleet.scheduler.ProbeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class NvidiaSmiListTest {
  private static final String CMD = NvidiaCommands.LIST;

  @Test
  void listsGpusAndNewStyleMigDevicesFromACapture() {
    var listing =
        NvidiaSmiList.parse(
            CMD,
            ExporterCapture.section(
                "linux-x86_64__nvidia-h100-mig__590.48.01", "capabilities :: list (-L)"));

    assertThat(listing.gpus())
        .containsExactly(
            new NvidiaSmiList.ListedGpu(
                0, "NVIDIA H100 80GB HBM3", "GPU-00000000-0000-0000-0000-000000000000"));
    assertThat(listing.migDevices())
        .extracting(
            MigDevice::deviceIndex, MigDevice::profile, MigDevice::uuid, MigDevice::gpuInstanceId)
        .containsExactly(
            tuple(0, "3g.40gb", "MIG-00000000-0000-0000-0000-000000000000", null),
            tuple(1, "2g.20gb", "MIG-00000001-0000-0000-0000-000000000001", null),
            tuple(2, "1g.10gb", "MIG-00000002-0000-0000-0000-000000000002", null),
            tuple(3, "1g.10gb", "MIG-00000003-0000-0000-0000-000000000003", null));
  }

  @Test
  void oldStyleMigUuidsCarryTheInstanceIds() {
    // The pre-R470 form as NVIDIA's MIG and GPU Operator documentation prints it.
    String out =
        """
        GPU 0: A100-SXM4-40GB (UUID: GPU-5c89852c-d268-c3f3-1b07-005d5ae1dc3f)
          MIG 1g.5gb Device 0: (UUID: MIG-GPU-5c89852c-d268-c3f3-1b07-005d5ae1dc3f/7/0)
          MIG 1g.5gb Device 1: (UUID: MIG-GPU-5c89852c-d268-c3f3-1b07-005d5ae1dc3f/8/0)
        GPU 1: A100-SXM4-40GB (UUID: GPU-11107e51-6363-81fc-8a73-0fd446a734f5)
        """;

    var listing = NvidiaSmiList.parse(CMD, out);

    assertThat(listing.gpus()).hasSize(2);
    assertThat(listing.migDevices())
        .extracting(
            MigDevice::parentIndex,
            MigDevice::gpuInstanceId,
            MigDevice::computeInstanceId,
            MigDevice::uuid)
        .containsExactly(
            tuple(0, 7, 0, "MIG-GPU-5c89852c-d268-c3f3-1b07-005d5ae1dc3f/7/0"),
            tuple(0, 8, 0, "MIG-GPU-5c89852c-d268-c3f3-1b07-005d5ae1dc3f/8/0"));
  }

  @Test
  void singleGpuCapturesOfOtherModels() {
    assertThat(
            NvidiaSmiList.parse(
                    CMD,
                    ExporterCapture.section(
                        "linux-x86_64__nvidia-l40s__595.80", "capabilities :: list (-L)"))
                .gpus())
        .extracting(NvidiaSmiList.ListedGpu::model)
        .containsExactly("NVIDIA L40S");
    assertThat(
            NvidiaSmiList.parse(
                    CMD,
                    ExporterCapture.section(
                        "windows-x86_64__nvidia-geforce-rtx-2080-super__610.62",
                        "capabilities :: list (-L)"))
                .migDevices())
        .isEmpty();
  }

  @Test
  void anUnreachableGpuIsAFault() {
    String out =
        """
        GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-1a2b3c4d-0000-0000-0000-000000000000)
        Unable to determine the device handle for gpu 0000:3B:00.0: Unknown Error
        """;

    var listing = NvidiaSmiList.parse(CMD, out);

    assertThat(listing.gpus()).hasSize(1);
    assertThat(listing.faults()).hasSize(1);
  }

  @Test
  void anUnknownLineNamesItsNumber() {
    assertThatThrownBy(
            () -> NvidiaSmiList.parse(CMD, "GPU 0: X (UUID: GPU-1)\nsegmentation fault\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("segmentation fault");
  }

  /** Found by NvidiaSmiFuzzTest#listAndReport: an index beyond int threw NumberFormatException. */
  @Test
  void numbersTooLargeNameTheLine() {
    for (String out :
        List.of(
            "GPU 9999999999999990: NVIDIA A100 (UUID: GPU-1)\n",
            "GPU 0: NVIDIA A100 (UUID: GPU-1)\n  MIG 1g.10gb Device 184467440737095516161: (UUID:"
                + " MIG-1)\n")) {
      assertThatThrownBy(() -> NvidiaSmiList.parse(CMD, out))
          .as(out)
          .isInstanceOf(ProbeException.class)
          .hasMessageContaining("too large to be real");
    }
  }
}
