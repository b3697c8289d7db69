package io.examlops.fleet.scheduler.nvidia;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ScriptedRunner;
import org.junit.jupiter.api.Test;

class NvidiaProbeTest {
  private static final String H100_MIG = "linux-x86_64__nvidia-h100-mig__590.48.01";
  private static final String H100 = "linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01";
  private static final String DRIVER_FAILED =
      "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure"
          + " that the latest NVIDIA driver is installed and running.\n\n";
  private static final String OLD_DRIVER_QUERY =
      "Field \"mig.mode.current\" is not a valid field to query.\n\n";

  private final NvidiaProbe probe = new NvidiaProbe();

  private static FakeHost capturedHost(String capture, String state) {
    return new FakeHost()
        .answer("query", 0, ExporterCapture.section(capture, state + " :: query-gpu"))
        .answer("apps", 0, ExporterCapture.section(capture, state + " :: query-compute-apps"))
        .answer("list", 0, ExporterCapture.section(capture, "capabilities :: list (-L)"));
  }

  private static ScriptedRunner runnerFor(FakeHost host) {
    return new ScriptedRunner().answer(NvidiaCommands.HOST_REPORT, host.report());
  }

  @Test
  void anIdleHostIsOneIdleNodeInOneRoundTrip() {
    var runner = runnerFor(capturedHost(H100, "idle"));

    NodeInfo node = probe.listNodes(runner).get(0);

    assertThat(runner.commandsRun()).isEqualTo(1);
    assertThat(node.name()).isEqualTo("gpu-node-7");
    assertThat(node.cpus()).isEqualTo(64);
    assertThat(node.memoryMb()).as("from this machine's /proc/meminfo").isPositive();
    assertThat(node.gpus()).containsExactly(GpuGroup.of("NVIDIA H100 80GB HBM3", 1));
    assertThat(node.state()).isEqualTo(NodeState.IDLE);
    assertThat(node.idleGpus()).hasValue(1);
  }

  @Test
  void aHostRunningComputeProcessesIsAllocated() {
    NodeInfo node = probe.listNodes(runnerFor(capturedHost(H100, "load"))).get(0);

    assertThat(node.state()).isEqualTo(NodeState.ALLOCATED);
    assertThat(node.gpusInUse()).isEqualTo(1);
    assertThat(node.idleGpus()).hasValue(0);
  }

  @Test
  void migDevicesComeWithTheirUuidsAndAGpuWithoutUtilizationIsIdleOnlyWithoutProcesses() {
    var runner = runnerFor(capturedHost(H100_MIG, "idle"));

    NvidiaSnapshot snapshot = probe.snapshot(runner);

    assertThat(snapshot.gpus())
        .singleElement()
        .satisfies(
            g -> {
              assertThat(g.migMode()).isTrue();
              assertThat(g.utilizationPercent()).isNull();
              assertThat(g.host()).isEqualTo("gpu-node-7");
            });
    assertThat(snapshot.migDevices())
        .extracting(MigDevice::profile)
        .containsExactly("3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb");
    assertThat(snapshot.migDevices()).allSatisfy(m -> assertThat(m.uuid()).startsWith("MIG-"));
    assertThat(snapshot.toNode().state()).isEqualTo(NodeState.IDLE);
    assertThat(probe.listNodes(runnerFor(capturedHost(H100_MIG, "load"))).get(0).state())
        .isEqualTo(NodeState.ALLOCATED);
  }

  @Test
  void oldDriversFallBackToTheXmlReportInTheSameRoundTrip() {
    var host =
        new FakeHost()
            .answer("query", 2, OLD_DRIVER_QUERY)
            .answer("xml", 0, ExporterCapture.xmlFixture("telegraf/quadro-p400.xml"))
            .answer("apps", 0, "gpu_uuid, pid\n")
            .answer(
                "list", 0, "GPU 0: Quadro P400 (UUID: GPU-8f750be4-dfbc-23b9-b33f-da729a536494)\n");
    var runner = runnerFor(host);

    var caps = probe.capabilities(runner);

    assertThat(runner.commandsRun()).isEqualTo(1);
    assertThat(caps.scheduler()).isEqualTo(NvidiaAdapter.KIND);
    assertThat(caps.version()).isEqualTo("418.43");
    assertThat(caps.gpus()).isEqualTo(1);
    assertThat(caps.idleGpus()).isEqualTo(1);
    assertThat(caps.gpuTypes()).containsExactly("Quadro P400");
  }

  @Test
  void xmlWithMigInstancesMergesTheListedUuids() {
    var host =
        new FakeHost()
            .answer("query", 2, OLD_DRIVER_QUERY)
            .answer("xml", 0, ExporterCapture.xmlFixture("telegraf/a100-sxm4-v12.xml"))
            .answer(
                "list",
                0,
                """
                GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-513536b6-7d19-9063-b049-1e69664bb298)
                  MIG 2g.20gb     Device  0: (UUID: MIG-aaaaaaaa-0000-0000-0000-000000000000)
                  MIG 2g.20gb     Device  1: (UUID: MIG-bbbbbbbb-0000-0000-0000-000000000000)
                  MIG 2g.20gb     Device  2: (UUID: MIG-cccccccc-0000-0000-0000-000000000000)
                  MIG 2g.20gb     Device  3: (UUID: MIG-dddddddd-0000-0000-0000-000000000000)
                """);

    var migs = probe.snapshot(runnerFor(host)).migDevices();

    assertThat(migs).hasSize(4);
    assertThat(migs.get(1))
        .isEqualTo(
            new MigDevice(
                0,
                "GPU-513536b6-7d19-9063-b049-1e69664bb298",
                1,
                "2g.20gb",
                "MIG-bbbbbbbb-0000-0000-0000-000000000000",
                4,
                0,
                19968L,
                12L));
  }

  @Test
  void twoBusyGpusOfTwoFromXmlMakeTheNodeAllocatedAndOneOfTwoMixed() {
    var both =
        new FakeHost()
            .answer("query", 2, OLD_DRIVER_QUERY)
            .answer("xml", 0, ExporterCapture.xmlFixture("telegraf/dual_a5000-v13.xml"));
    NodeInfo node = probe.listNodes(runnerFor(both)).get(0);
    assertThat(node.state()).isEqualTo(NodeState.ALLOCATED);
    assertThat(node.gpus()).containsExactly(GpuGroup.of("NVIDIA RTX A5000", 2));

    String oneBusy =
        """
        index, uuid, name, memory.total [MiB], memory.used [MiB], utilization.gpu [%], mig.mode.current, driver_version
        0, GPU-1, NVIDIA A40, 46068 MiB, 1 MiB, 0 %, [N/A], 550.54.15
        1, GPU-2, NVIDIA A40, 46068 MiB, 4000 MiB, 0 %, [N/A], 550.54.15
        """;
    var mixed =
        new FakeHost()
            .answer("query", 0, oneBusy)
            .answer("apps", 0, "gpu_uuid, pid\nGPU-2, 4242\n");
    NodeInfo m = probe.listNodes(runnerFor(mixed)).get(0);
    assertThat(m.state()).isEqualTo(NodeState.MIXED);
    assertThat(m.idleGpus()).hasValue(1);
  }

  @Test
  void withoutAProcessListTheNodeIsUnknownNeverIdle() {
    var host = capturedHost(H100, "idle").answer("apps", 4, "Insufficient Permissions\n");

    NodeInfo node = probe.listNodes(runnerFor(host)).get(0);

    assertThat(node.state()).isEqualTo(NodeState.UNKNOWN);
    assertThat(node.gpusInUse()).isNull();
    assertThat(node.idleGpus()).hasValue(0);
  }

  @Test
  void utilizationWithoutAVisibleProcessStillCountsAsInUse() {
    // The L40S capture reads 100 % while idle with no process listed (another container's work).
    var host = capturedHost("linux-x86_64__nvidia-l40s__595.80", "idle");

    assertThat(probe.listNodes(runnerFor(host)).get(0).state()).isEqualTo(NodeState.ALLOCATED);
  }

  @Test
  void aMissingDriverIsNotAvailableAndSaysSo() {
    var runner = new ScriptedRunner().answer(NvidiaCommands.LIST, 9, DRIVER_FAILED, "");

    assertThat(probe.available(runner)).isFalse();
    assertThat(probe.whyUnavailable(runner))
        .hasValueSatisfying(why -> assertThat(why).contains("cannot talk to the NVIDIA driver"));

    var report =
        runnerFor(new FakeHost().answer("query", 9, DRIVER_FAILED).answer("xml", 9, DRIVER_FAILED));
    assertThatThrownBy(() -> probe.listNodes(report))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("gpu-node-7 cannot talk to the NVIDIA driver")
        .hasMessageContaining("lsmod");
  }

  @Test
  void aHostWithoutNvidiaSmiIsNotAvailable() {
    assertThat(probe.whyUnavailable(new ScriptedRunner()))
        .hasValueSatisfying(why -> assertThat(why).contains("not installed"));

    var report = runnerFor(new FakeHost().withoutNvidiaSmi());
    assertThatThrownBy(() -> probe.listGpus(report))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("nvidia-smi is not installed on gpu-node-7");
  }

  @Test
  void aHostWithoutGpusIsNotAvailableAndListsNone() {
    var runner = new ScriptedRunner().answer(NvidiaCommands.LIST, 6, "No devices were found\n", "");
    assertThat(probe.available(runner)).isFalse();

    var report =
        runnerFor(
            new FakeHost()
                .answer("query", 6, "No devices were found\n")
                .answer("xml", 6, "No devices were found\n"));
    assertThat(probe.listGpus(report)).isEmpty();
    assertThat(probe.listNodes(report).get(0).state()).isEqualTo(NodeState.UNKNOWN);
  }

  @Test
  void aHostWithGpusIsAvailable() {
    var runner =
        new ScriptedRunner()
            .answer(
                NvidiaCommands.LIST,
                ExporterCapture.section(H100_MIG, "capabilities :: list (-L)"));

    assertThat(probe.available(runner)).isTrue();
    assertThat(probe.kind()).isEqualTo(NvidiaAdapter.KIND);
  }

  @Test
  void listGpusTagsEachGpuWithTheHost() {
    var gpus = probe.listGpus(runnerFor(capturedHost(H100, "load")));

    assertThat(gpus).extracting(GpuInfo::host).containsOnly("gpu-node-7");
    assertThat(gpus).extracting(GpuInfo::utilizationPercent).containsExactly(100);
  }

  @Test
  void aCutOffReportIsRefused() {
    var runner =
        new CommandRunner() {
          @Override
          public CommandResult run(String command, byte[] stdin) {
            return new CommandResult(command, 0, "@@fleet:hostname\n", "", true);
          }

          @Override
          public String target() {
            return "capped";
          }

          @Override
          public int commandsRun() {
            return 1;
          }

          @Override
          public void close() {}
        };

    assertThatThrownBy(() -> probe.listNodes(runner)).hasMessageContaining("cut");
  }

  @Test
  void aReportFromAShellThatRanNothingIsRefused() {
    var runner =
        new ScriptedRunner().answer(NvidiaCommands.HOST_REPORT, "Welcome to the cluster!\n");

    assertThatThrownBy(() -> probe.listNodes(runner))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("'@@fleet:query-gpu'");
  }
}
