package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.flux.FluxStatusParser.Format;
import io.examlops.fleet.transport.ScriptedRunner;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class FluxProbeTest {
  private static final String NO_ACCOUNTING =
      FluxFixtures.read("account/account-list-banks.stderr.txt");
  private static final String NO_BROKER =
      FluxFixtures.read("resource-list/resource-list-outside-instance.stderr.txt");

  private final FluxProbe probe = new FluxProbe();

  /** The gpu instance in state C (mixed), flux-core 0.88.0, as the probe's commands print it. */
  /** queue-status-D: enabled and started, no job-size limits configured. */
  private static final QueueLimits RUNNING = new QueueLimits(null, null, true, true, null);

  private static ScriptedRunner gpuMixed() {
    return new ScriptedRunner()
        .answer(FluxCommands.VERSION, FluxFixtures.read("instance/flux-V.txt"))
        .answer(FluxCommands.R_ALL, FluxFixtures.read("resource-R/resource-R.json"))
        .answer(
            FluxCommands.R_ALLOCATED, FluxFixtures.read("resource-R/resource-R-s-allocated.json"))
        .answer(FluxCommands.status(Format.CURRENT), FluxFixtures.gpuMixedStatus())
        .answer(FluxCommands.CONFIG, FluxConfigParserTest.gpuInstanceConfig())
        .answer(FluxCommands.QUEUE_STATUS, FluxFixtures.read("instance/queue-status-D.txt"))
        .answer(FluxCommands.ACCOUNTING, 1, "", NO_ACCOUNTING);
  }

  private static Map<String, NodeInfo> byName(List<NodeInfo> nodes) {
    return nodes.stream().collect(Collectors.toMap(NodeInfo::name, Function.identity()));
  }

  @Test
  void mixedGpuInstanceNodeByNode() {
    Map<String, NodeInfo> nodes = byName(probe.listNodes(gpuMixed()));
    assertThat(nodes).doesNotContainKey("node07").hasSize(7);

    NodeInfo node02 = nodes.get("node02");
    assertThat(node02.state()).isEqualTo(NodeState.MIXED);
    assertThat(node02.gpuCount()).isEqualTo(4);
    assertThat(node02.gpusInUse()).isEqualTo(1);
    assertThat(node02.idleGpus()).hasValue(3);
    assertThat(node02.rawState()).isEqualTo("avail+allocated");
    assertThat(node02.partitions()).containsExactly("batch");
    assertThat(node02.features()).containsExactly("amd-mi250@gpu", "batch");

    assertThat(nodes.get("node03"))
        .extracting(NodeInfo::state, NodeInfo::rawState, NodeInfo::gpusInUse)
        .containsExactly(NodeState.DRAIN, "allocated+draining", 4);
    assertThat(nodes.get("node03").idleGpus()).hasValue(0);
    assertThat(nodes.get("node01"))
        .extracting(NodeInfo::state, NodeInfo::rawState)
        .containsExactly(NodeState.DRAIN, "drained");
    assertThat(nodes.get("node08"))
        .extracting(NodeInfo::state, NodeInfo::rawState, NodeInfo::cpus)
        .containsExactly(NodeState.DOWN, "avail*", 16);
    assertThat(nodes.get("node04").state()).isEqualTo(NodeState.ALLOCATED);
    assertThat(nodes.get("node05"))
        .extracting(NodeInfo::state, NodeInfo::partitions)
        .containsExactly(NodeState.MIXED, List.of("debug"));
    assertThat(nodes.get("node06").state()).isEqualTo(NodeState.MIXED);
  }

  @Test
  void mixedGpuInstanceCapabilities() {
    ScriptedRunner runner = gpuMixed();
    ClusterCaps caps = probe.capabilities(runner);
    assertThat(caps.scheduler()).isEqualTo(FluxAdapter.KIND);
    assertThat(caps.version()).isEqualTo("0.88.0");
    assertThat(caps.nodes()).isEqualTo(7);
    assertThat(caps.idleNodes()).isZero();
    assertThat(caps.cpus()).isEqualTo(112); // flux resource info: 7 Nodes, 112 Cores, 16 GPUs
    assertThat(caps.gpus()).isEqualTo(16);
    assertThat(caps.idleGpus()).as("only node02's 3 free GPUs can take work").isEqualTo(3);
    assertThat(caps.partitions())
        .containsExactly(
            new PartitionInfo("batch", true, null, RUNNING),
            new PartitionInfo("debug", false, null, RUNNING));
    assertThat(caps.accounting()).isFalse();
    assertThat(runner.commands())
        .containsExactly(
            "flux version",
            "flux resource R -s all",
            "flux resource R -s allocated",
            "flux resource status -s all -n -o"
                + " '{state}|{statex}|{status}|{ranks}|{nodelist}|{timestamp}|{reason}'",
            "flux config get",
            "flux queue status",
            "flux account list-banks");
  }

  @Test
  void inventoryKeepsExcludedHostsAndDrainReasons() {
    FluxInventory inventory = probe.inventory(gpuMixed());
    assertThat(inventory.nodes().excludedHosts()).containsExactly("node07");
    assertThat(inventory.nodes().drainReasons())
        .containsEntry("node03", "memory errors (EDAC)")
        .containsEntry("node01", "bad gpu 2")
        .hasSize(2);
    assertThat(inventory.accounting().status()).isEqualTo(FluxAccounting.Status.NOT_INSTALLED);
    assertThat(inventory.warnings()).isEmpty();
  }

  @Test
  void listNodesDoesNotAskForAccounting() {
    ScriptedRunner runner = gpuMixed();
    probe.listNodes(runner);
    assertThat(runner.commandsRun()).isEqualTo(5);
    assertThat(runner.commands()).noneMatch(c -> c.startsWith("flux account"));
  }

  @Test
  void idleGpuInstanceIsAllIdleExceptWhatStatusSays() {
    // State A: R captured; status of state A has no -o capture, so every node is avail here.
    ScriptedRunner runner =
        gpuMixed()
            .answer(FluxCommands.R_ALL, FluxFixtures.read("resource-R/gpu-idle_resource-R.json"))
            .answer(FluxCommands.R_ALLOCATED, emptyR())
            .answer(
                FluxCommands.status(Format.CURRENT),
                "avail|avail|online|0-5,7|node[01-06,08]||\nexclude|exclude|online|6|node07||\n");
    ClusterCaps caps = probe.capabilities(runner);
    assertThat(caps.idleNodes()).isEqualTo(7);
    assertThat(caps.idleGpus()).isEqualTo(16);
  }

  @Test
  void cpuMixedInstance() {
    // State H: R from the sched-status capture (what `flux resource R -s STATE` prints), status
    // transcribed from cpu-mixed_resource-status.txt (ranks from cn[1-4,10] = ranks 0-4).
    String sched = "resource-R/cpu-mixed_rpc-sched-status.json";
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(FluxCommands.VERSION, FluxFixtures.read("instance/flux-V.txt"))
            .answer(FluxCommands.R_ALL, FluxFixtures.member(sched, "all"))
            .answer(FluxCommands.R_ALLOCATED, FluxFixtures.member(sched, "allocated"))
            .answer(
                FluxCommands.status(Format.CURRENT),
                "avail|avail|online|0-2|cn[1-3]||\n"
                    + "avail*|avail|offline|4|cn10||\n"
                    + "allocated|allocated|online|0-2|cn[1-3]||\n"
                    + "drained|drained|online|3|cn4|1795974882.0|fan failure\n")
            .answer(FluxCommands.CONFIG, "{}")
            .answer(
                FluxCommands.ACCOUNTING,
                1,
                "",
                FluxFixtures.read("account/acct-view-user-noservice.stderr.txt"));
    FluxInventory inventory = probe.inventory(runner);
    assertThat(inventory.nodes().nodes())
        .extracting(NodeInfo::name, NodeInfo::state, NodeInfo::cpus)
        .containsExactly(
            tuple("cn1", NodeState.ALLOCATED, 36),
            tuple("cn2", NodeState.ALLOCATED, 36),
            tuple("cn3", NodeState.MIXED, 36),
            tuple("cn4", NodeState.DRAIN, 36),
            tuple("cn10", NodeState.DOWN, 36));
    ClusterCaps caps = inventory.caps();
    assertThat(caps.gpus()).isZero();
    assertThat(caps.idleGpus()).isZero();
    assertThat(caps.partitions()).isEmpty();
    assertThat(caps.accounting()).isFalse();
    assertThat(inventory.accounting().status())
        .isEqualTo(FluxAccounting.Status.SERVICE_NOT_RUNNING);
    assertThat(inventory.nodes().nodes()).allSatisfy(n -> assertThat(n.partitions()).isEmpty());
  }

  @Test
  void duplicateHostNamesStayApartByRank() {
    ScriptedRunner runner =
        gpuMixed()
            .answer(FluxCommands.R_ALL, FluxFixtures.read("resource-R/dyn-resource-R.json"))
            .answer(FluxCommands.R_ALLOCATED, emptyR())
            .answer(FluxCommands.status(Format.CURRENT), "avail|avail|online|0-3|vm,vm,vm,vm||\n");
    assertThat(probe.listNodes(runner))
        .extracting(NodeInfo::name)
        .containsExactly("vm@rank0", "vm@rank1", "vm@rank2", "vm@rank3");
  }

  @Test
  void accountingAnswering() {
    ScriptedRunner runner =
        gpuMixed()
            .answer(FluxCommands.ACCOUNTING, FluxFixtures.read("account/acct-list-banks.txt"));
    assertThat(probe.capabilities(runner).accounting()).isTrue();
  }

  @Test
  void unreadableStatusLeavesNodesUnknownNotIdle() {
    ScriptedRunner runner =
        gpuMixed()
            .answer(FluxCommands.status(Format.CURRENT), 1, "", "flux-resource: ERROR: boom\n");
    FluxInventory inventory = probe.inventory(runner);
    assertThat(inventory.nodes().nodes())
        .allSatisfy(n -> assertThat(n.state()).isEqualTo(NodeState.UNKNOWN));
    assertThat(inventory.caps().idleNodes()).isZero();
    assertThat(inventory.caps().idleGpus()).isZero();
    assertThat(inventory.warnings()).singleElement().asString().contains("node states are unknown");
  }

  @Test
  void olderReleasesUseTheListFallbackAndTheLegacyStatusFormat() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(FluxCommands.VERSION, "commands:    \t\t0.45.0\nlibflux-core:\t\t0.45.0\n")
            .answer(FluxCommands.LIST_FALLBACK, FluxFixtures.gpuMixedList())
            .answer(
                FluxCommands.status(Format.LEGACY),
                "avail|1,3-5|node[02,04-06]||\n"
                    + "offline|7|node08||\n"
                    + "exclude|6|node07||\n"
                    + "draining|2|node03|1795974882.0|memory errors (EDAC)\n"
                    + "drained|0|node01|1795974882.0|bad gpu 2\n")
            .answer(FluxCommands.CONFIG, FluxConfigParserTest.gpuInstanceConfig())
            .answer(FluxCommands.ACCOUNTING, 1, "", NO_ACCOUNTING);
    Map<String, NodeInfo> nodes = byName(probe.inventory(runner).nodes().nodes());
    assertThat(runner.commands())
        .doesNotContain(FluxCommands.R_ALL)
        .contains(FluxCommands.LIST_FALLBACK);
    assertThat(nodes.get("node02").state()).isEqualTo(NodeState.MIXED);
    assertThat(nodes.get("node02").idleGpus()).hasValue(3);
    assertThat(nodes.get("node08").state()).isEqualTo(NodeState.DOWN);
    assertThat(nodes.get("node03").state()).isEqualTo(NodeState.DRAIN);
    assertThat(nodes).doesNotContainKey("node07");
  }

  @Test
  void tooOldReleasesAreRefusedClearly() {
    ScriptedRunner runner =
        new ScriptedRunner().answer(FluxCommands.VERSION, "commands:\t\t0.30.0\n");
    assertThatThrownBy(() -> probe.listNodes(runner))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("0.30.0")
        .hasMessageContaining("older than 0.38.0");
  }

  @Test
  void availableWhenTheBrokerAnswers() {
    ScriptedRunner runner = gpuMixed();
    assertThat(probe.available(runner)).isTrue();
    assertThat(runner.commands()).containsExactly("flux version");
  }

  @Test
  void availableOverSshWithoutFluxUriWhenAQueryReachesTheSystemInstance() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(
                FluxCommands.VERSION, FluxFixtures.read("instance/version-outside-instance.txt"))
            .answer(FluxCommands.REACHABLE, "8\n");
    assertThat(probe.available(runner)).isTrue();
    assertThat(runner.commands()).containsExactly("flux version", "flux getattr size");
  }

  @Test
  void notAvailableWithoutAnInstanceAndSaysWhy() {
    // The connect error is the one every flux command prints (captured from flux-resource).
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(
                FluxCommands.VERSION, FluxFixtures.read("instance/version-outside-instance.txt"))
            .answer(FluxCommands.REACHABLE, 1, "", NO_BROKER)
            .answer(FluxCommands.R_ALL, 1, "", NO_BROKER);
    FluxProbe.Availability availability = probe.check(runner);
    assertThat(availability.available()).isFalse();
    assertThat(availability.reason())
        .contains("flux-core 0.88.0 is installed")
        .contains("no Flux instance is reachable")
        .contains("broker socket /run/flux/local was not found");
    assertThatThrownBy(() -> probe.listNodes(runner))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("no Flux instance is reachable");
  }

  @Test
  void notAvailableWhenFluxIsNotInstalled() {
    ScriptedRunner runner = new ScriptedRunner();
    assertThat(probe.check(runner).reason()).contains("flux is not installed");
    assertThatThrownBy(() -> probe.capabilities(runner)).hasMessageContaining("not installed");
  }

  @Test
  void failedSchedulerQueriesAreErrorsThatNameTheCommand() {
    ScriptedRunner runner =
        gpuMixed()
            .answer(FluxCommands.R_ALLOCATED, 1, "", "flux-resource: ERROR: permission denied\n");
    assertThatThrownBy(() -> probe.listNodes(runner))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("`flux resource R -s allocated` failed")
        .hasMessageContaining("permission denied");
  }

  @Test
  void gpusAreLeftToNvidiaSmiEnrichment() {
    assertThat(probe.listGpus(gpuMixed())).isEmpty();
    assertThat(probe.kind()).isEqualTo(FluxAdapter.KIND);
  }

  private static String emptyR() {
    return "{\"version\": 1, \"execution\": {\"R_lite\": [], \"starttime\": 0.0,"
        + " \"expiration\": 0.0, \"nodelist\": []}}";
  }

  @Test
  void stoppedAndDisabledQueuesAreReportedNotReadAsReady() {
    String b = "live-0.88/B-gpu-queues-test5/";
    ScriptedRunner stopped =
        gpuMixed()
            .answer(
                FluxCommands.QUEUE_STATUS,
                FluxFixtures.read(b + "00b-queue-status-stopped.stdout"));
    ScriptedRunner disabled =
        gpuMixed()
            .answer(FluxCommands.QUEUE_STATUS, FluxFixtures.read(b + "64-queue-status.stdout"));

    assertThat(probe.inventory(gpuMixed()).warnings()).isEmpty();
    assertThat(probe.inventory(stopped).warnings())
        .containsExactly(
            "queue gpu is stopped: its jobs wait, idle nodes or not, until an admin runs flux queue"
                + " start",
            "queue cpu is stopped: its jobs wait, idle nodes or not, until an admin runs flux queue"
                + " start");
    assertThat(probe.inventory(disabled).warnings())
        .containsExactly(
            "queue gpu is disabled (maintenance until 10:00): Flux refuses jobs submitted to it",
            "queue gpu is stopped: its jobs wait, idle nodes or not, until an admin runs flux queue"
                + " start");
  }

  @Test
  void noInstanceIsReportedInFlux_sWordsAsDocsDiscoveryQuotesThem() throws Exception {
    String none = "live-0.88/C-no-instance/";
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(FluxCommands.VERSION, FluxFixtures.read(none + "01-version.stdout"))
            .answer(
                FluxCommands.REACHABLE, 1, "", FluxFixtures.read(none + "02-getattr-size.stderr"));

    String reason = probe.check(runner).reason();
    String docs =
        java.nio.file.Files.readString(java.nio.file.Path.of("docs/discovery.md"))
            .replaceAll("\\s+", " ");

    assertThat(reason)
        .isEqualTo(
            "flux-core 0.88.0 is installed on scripted but no Flux instance is reachable (flux:"
                + " flux_open: No such file or directory); run discovery against a host where the"
                + " system instance runs, or set FLUX_URI for the SSH user");
    assertThat(docs).contains(reason.replace("scripted", "HOST"));
  }
}
