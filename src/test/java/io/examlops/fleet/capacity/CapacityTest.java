package io.examlops.fleet.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.capacity.ClusterCapacity;
import io.examlops.fleet.model.capacity.ClusterCapacity.Source;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.settings.CostRate;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityTest {
  private static final Instant AT = Instant.parse("2026-11-29T12:00:00Z");
  private static final BigDecimal RATE = new BigDecimal("2.50");

  @Test
  void snapshotGivesTotalsIdleAndUtilization() {
    var usage =
        new ClusterUsage(
            "tc",
            snapshot(
                node(4, 2, NodeState.MIXED),
                node(2, 0, NodeState.IDLE),
                node(2, null, NodeState.DOWN)),
            null,
            List.of(new BigDecimal("1.5"), new BigDecimal("2.25")),
            null);

    ClusterCapacity line = Capacity.cluster(usage, RATE);

    assertThat(line.source()).isEqualTo(Source.SNAPSHOT);
    assertThat(line.takenAt()).isEqualTo(AT);
    assertThat(line.totalGpus()).isEqualTo(8);
    assertThat(line.idleGpus()).isEqualTo(4);
    assertThat(line.gpusInUse()).isEqualTo(2);
    assertThat(line.utilizationPercent()).isEqualByComparingTo("25.0");
    assertThat(line.gpuHours().total()).isEqualByComparingTo("3.75");
    assertThat(line.cost()).isEqualByComparingTo("9.38");
  }

  @Test
  void unknownUseMakesIdleAndUtilizationUnknownNotZero() {
    var usage =
        new ClusterUsage(
            "f",
            snapshot(node(4, null, NodeState.MIXED), node(4, 0, NodeState.IDLE)),
            null,
            List.of(),
            null);

    ClusterCapacity line = Capacity.cluster(usage, RATE);

    assertThat(line.totalGpus()).isEqualTo(8);
    assertThat(line.idleGpus()).isNull();
    assertThat(line.utilizationPercent()).isNull();
  }

  @Test
  void unknownGpuHoursAreCountedApartNeverAsZero() {
    var usage =
        new ClusterUsage(
            "tc", null, caps(8, 6), Arrays.asList(new BigDecimal("2"), null, null), null);

    ClusterCapacity line = Capacity.cluster(usage, RATE);

    assertThat(line.gpuHours().known()).isEqualByComparingTo("2");
    assertThat(line.gpuHours().unknownJobs()).isEqualTo(2);
    assertThat(line.gpuHours().complete()).isFalse();
    assertThat(line.gpuHours().total()).isNull();
    assertThat(line.gpuHours().describe()).isEqualTo("2.00 GPU-h + 2 jobs unknown");
    assertThat(line.cost()).isEqualByComparingTo("5.00");
    var zero =
        Capacity.cluster(
            new ClusterUsage("z", null, caps(8, 8), List.of(BigDecimal.ZERO), null), RATE);
    assertThat(zero.gpuHours().total()).isEqualByComparingTo("0");
    assertThat(zero.gpuHours().describe()).isEqualTo("0.00 GPU-h");
  }

  @Test
  void declaredCapabilitiesWhenNoSnapshotAndNothingWhenNeither() {
    ClusterCapacity declared =
        Capacity.cluster(new ClusterUsage("d", null, caps(16, null), List.of(), null), RATE);
    ClusterCapacity none =
        Capacity.cluster(new ClusterUsage("n", null, null, List.of(), null), RATE);

    assertThat(declared.source()).isEqualTo(Source.DECLARED);
    assertThat(declared.totalGpus()).isEqualTo(16);
    assertThat(declared.idleGpus()).isNull();
    assertThat(declared.utilizationPercent()).isNull();
    assertThat(none.source()).isEqualTo(Source.NONE);
    assertThat(none.totalGpus()).isNull();
  }

  @Test
  void fleetTotalsAddUpAndStayUnknownWhenAnyClusterIs() {
    var a =
        new ClusterUsage(
            "b", snapshot(node(4, 1, NodeState.MIXED)), null, List.of(BigDecimal.ONE), null);
    var b =
        new ClusterUsage(
            "a",
            snapshot(node(4, 3, NodeState.MIXED)),
            null,
            Arrays.asList(BigDecimal.TEN, null),
            null);
    var c = new ClusterUsage("c", null, caps(8, 8), List.of(), null);

    FleetCapacity known = Capacity.report(List.of(a, b), RATE, "EUR");
    FleetCapacity withDeclared = Capacity.report(List.of(a, b, c), RATE, "EUR");

    assertThat(known.clusters()).extracting(ClusterCapacity::cluster).containsExactly("a", "b");
    assertThat(known.currency()).isEqualTo("EUR");
    assertThat(known.totalGpus()).isEqualTo(8);
    assertThat(known.idleGpus()).isEqualTo(4);
    assertThat(known.utilizationPercent()).isEqualByComparingTo("50.0");
    assertThat(known.gpuHours().describe()).isEqualTo("11.00 GPU-h + 1 job unknown");
    assertThat(known.cost()).isEqualByComparingTo("27.50");
    assertThat(withDeclared.totalGpus()).isEqualTo(16);
    assertThat(withDeclared.idleGpus()).isEqualTo(12);
    assertThat(withDeclared.utilizationPercent()).isNull();
  }

  @Test
  void aClusterWithoutGpusHasNoUtilization() {
    var cpu =
        new NodeInfo(
            "n1",
            4,
            8000,
            List.of(),
            null,
            NodeState.ALLOCATED,
            "alloc",
            List.of(),
            List.of(),
            null);

    ClusterCapacity line =
        Capacity.cluster(new ClusterUsage("cpu", snapshot(cpu), null, List.of(), null), RATE);

    assertThat(line.totalGpus()).isZero();
    assertThat(line.gpusInUse()).isZero();
    assertThat(line.utilizationPercent()).isNull();
  }

  @Test
  void theCostRateComesFromTheEnvironmentAndIsValidated() {
    assertThat(CostRate.parse(null)).isEqualByComparingTo("2.50");
    assertThat(CostRate.parse(" 3.1 ")).isEqualByComparingTo("3.1");
    assertThat(CostRate.parse("0")).isEqualByComparingTo("0");
    assertThatThrownBy(() -> CostRate.parse("cheap"))
        .isInstanceOf(FleetException.class)
        .hasMessage(
            "GPU_COST_PER_HOUR must be a number (cost of one GPU-hour, e.g. 2.50), got 'cheap'");
    assertThatThrownBy(() -> CostRate.parse("-1"))
        .hasMessageStartingWith("GPU_COST_PER_HOUR must not be negative, got '-1'");
  }

  @Test
  void oneInstanceRegisteredLocallyAndOverSshIsCountedOnce() {
    String instance = "local:///run/flux/local [node01, node02]";
    var local =
        new ClusterUsage(
            "fx-local",
            snapshot(node(4, 1, NodeState.MIXED)),
            null,
            List.of(BigDecimal.ONE),
            instance);
    var ssh =
        new ClusterUsage(
            "fx-ssh",
            snapshot(node(4, 1, NodeState.MIXED)),
            null,
            List.of(BigDecimal.ONE),
            instance);
    var other = new ClusterUsage("tc", snapshot(node(2, 0, NodeState.IDLE)), null, List.of(), null);

    FleetCapacity fleet = Capacity.report(List.of(ssh, other, local), RATE, "EUR");

    assertThat(fleet.totalGpus()).as("4 + 2, not 4 + 4 + 2").isEqualTo(6);
    assertThat(fleet.idleGpus()).isEqualTo(5);
    assertThat(fleet.utilizationPercent()).isEqualByComparingTo("16.7");
    assertThat(fleet.clusters())
        .extracting(ClusterCapacity::cluster, ClusterCapacity::sameInstanceAs)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("fx-local", null),
            org.assertj.core.groups.Tuple.tuple("fx-ssh", "fx-local"),
            org.assertj.core.groups.Tuple.tuple("tc", null));
    assertThat(fleet.gpuHours().total()).as("jobs are distinct").isEqualByComparingTo("2");
  }

  private static NodeInfo node(int gpus, Integer inUse, NodeState state) {
    return new NodeInfo(
        "n",
        8,
        16000,
        List.of(GpuGroup.untyped(gpus)),
        inUse,
        state,
        state.label(),
        List.of(),
        List.of(),
        null);
  }

  private static NodeInventory snapshot(NodeInfo... nodes) {
    return new NodeInventory(SlurmAdapter.KIND, "scripted", AT, List.of(nodes));
  }

  private static ClusterCaps caps(int gpus, Integer idle) {
    return new ClusterCaps(
        SlurmAdapter.KIND, "", 2, 0, 16, gpus, idle, List.of(), List.of(), false);
  }
}
