package io.examlops.fleet.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.placement.Verdict.Outcome;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private final Placement placement = new Placement(Freshness.DEFAULT);

  @Test
  void choosesTheClusterWithMostIdleGpusAndExplainsWhy() {
    var lxp =
        fresh(
            "lxp",
            FluxAdapter.KIND,
            node("n1", "a100", 4, 0, NodeState.IDLE, "batch"),
            node("n2", "a100", 4, 2, NodeState.MIXED, "batch"));
    var tc = fresh("tc", SlurmAdapter.KIND, node("g1", "a100", 4, 2, NodeState.MIXED, "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(tc, lxp), NOW);

    assertThat(result.explanation())
        .isEqualTo(
            "chose flux@lxp (partition batch) — 6/8 idle GPUs, 1/2 idle nodes, fits on 1 node");
    assertThat(result.winner()).get().extracting(Verdict::cluster).isEqualTo("lxp");
    Verdict other = result.others().get(0);
    assertThat(other.outcome()).isEqualTo(Outcome.LOST);
    assertThat(other.reason()).isEqualTo("fewer idle GPUs (2 < 6)");
    assertThat(other.score().idleGpus()).isEqualTo(2);
    assertThat(other.data()).isEqualTo("snapshot 5 min old");
    assertThat(other.dataAge()).isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void closedClustersAreNeverConsideredAndSayWhy() {
    var big = node("n1", null, 8, 0, NodeState.IDLE);
    var pending = candidate("p", ClusterGate.inState("pending"), snapshot(NOW, big), null);
    var rejected = candidate("r", ClusterGate.inState("REJECTED"), snapshot(NOW, big), null);
    var moved =
        candidate(
            "m", ClusterGate.refused("host changed since approval"), snapshot(NOW, big), null);
    var small = fresh("s", SlurmAdapter.KIND, node("n1", null, 1, 0, NodeState.IDLE));

    PlaceResult result =
        placement.place(PlaceRequest.gpus(1), List.of(pending, rejected, moved, small), NOW);

    assertThat(result.winner()).get().extracting(Verdict::cluster).isEqualTo("s");
    assertThat(result.others())
        .extracting(Verdict::cluster, Verdict::outcome, Verdict::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "m", Outcome.SKIPPED, "host changed since approval"),
            org.assertj.core.groups.Tuple.tuple("p", Outcome.SKIPPED, "PENDING"),
            org.assertj.core.groups.Tuple.tuple("r", Outcome.SKIPPED, "REJECTED"));
  }

  @Test
  void noActiveClusterMeansNoChoice() {
    var pending =
        candidate(
            "p",
            ClusterGate.inState("PENDING"),
            snapshot(NOW, node("n", null, 8, 0, NodeState.IDLE)),
            null);

    PlaceResult result = placement.place(PlaceRequest.gpus(1), List.of(pending), NOW);

    assertThat(result.winner()).isEmpty();
    assertThat(result.explanation())
        .isEqualTo(
            "no cluster for 1 GPU: none of 1 registered clusters is ACTIVE with its approval"
                + " holding");
    assertThat(placement.place(PlaceRequest.gpus(1), List.of(), NOW).explanation())
        .isEqualTo("no cluster for 1 GPU: none is registered");
  }

  @Test
  void tooFewGpusInTotalCannotFit() {
    var small = fresh("small", SlurmAdapter.KIND, node("n1", null, 4, 0, NodeState.IDLE));

    PlaceResult result = placement.place(PlaceRequest.gpus(8), List.of(small), NOW);

    assertThat(result.winner()).isEmpty();
    assertThat(result.explanation())
        .isEqualTo("no cluster can hold 8 GPUs: see each cluster's reason");
    assertThat(result.others().get(0).outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(result.others().get(0).reason()).isEqualTo("only 4 GPUs in total");
  }

  @Test
  void eightIdleGpusOnePerNodeAreNotAnEightGpuNode() {
    var spread =
        fresh(
            "spread",
            SlurmAdapter.KIND,
            node("n1", null, 1, 0, NodeState.IDLE),
            node("n2", null, 1, 0, NodeState.IDLE),
            node("n3", null, 1, 0, NodeState.IDLE),
            node("n4", null, 1, 0, NodeState.IDLE),
            node("n5", null, 1, 0, NodeState.IDLE),
            node("n6", null, 1, 0, NodeState.IDLE),
            node("n7", null, 1, 0, NodeState.IDLE),
            node("n8", null, 1, 0, NodeState.IDLE));
    var busyBig = fresh("big", SlurmAdapter.KIND, node("g1", null, 8, 4, NodeState.MIXED));

    PlaceResult result =
        placement.place(new PlaceRequest(8, 1, null, null, null), List.of(spread, busyBig), NOW);

    assertThat(result.winner()).get().extracting(Verdict::cluster).isEqualTo("big");
    assertThat(result.explanation())
        .isEqualTo(
            "chose slurm@big — 4/8 idle GPUs, 0/1 idle nodes; no idle slot for 8 GPUs now, the job"
                + " waits");
    Verdict lost = result.others().get(0);
    assertThat(lost.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(lost.reason()).isEqualTo("no node has 8 GPUs (most: 1)");
  }

  @Test
  void idleGpusMustFitOnTheAskedNodesNow() {
    // Two nodes with 2 idle each: 4 GPUs fit on 2 nodes, not on 1.
    var pair =
        fresh(
            "pair",
            SlurmAdapter.KIND,
            node("n1", null, 4, 2, NodeState.MIXED),
            node("n2", null, 4, 2, NodeState.MIXED));
    var one = fresh("one", SlurmAdapter.KIND, node("g1", null, 4, 0, NodeState.IDLE));

    PlaceResult twoNodes =
        placement.place(new PlaceRequest(4, 2, null, null, null), List.of(pair), NOW);
    PlaceResult oneNode =
        placement.place(new PlaceRequest(4, 1, null, null, null), List.of(pair), NOW);
    PlaceResult both =
        placement.place(new PlaceRequest(4, 1, null, null, null), List.of(pair, one), NOW);

    assertThat(twoNodes.winner().orElseThrow().score().fitsNow()).isTrue();
    assertThat(twoNodes.winner().orElseThrow().score().nodesNeeded()).isEqualTo(2);
    assertThat(oneNode.winner().orElseThrow().score().fitsNow()).isFalse();
    assertThat(both.winner().orElseThrow().cluster()).isEqualTo("one");
    assertThat(both.others().get(0).reason()).isEqualTo("no idle slot for 4 GPUs now");
  }

  @Test
  void withoutNodesAskedFewestNodesWinsOverMoreIdleGpus() {
    var spread =
        fresh(
            "spread",
            SlurmAdapter.KIND,
            node("n1", null, 2, 0, NodeState.IDLE),
            node("n2", null, 2, 0, NodeState.IDLE),
            node("n3", null, 2, 0, NodeState.IDLE),
            node("n4", null, 2, 0, NodeState.IDLE));
    var dense = fresh("dense", SlurmAdapter.KIND, node("g1", null, 8, 4, NodeState.MIXED));

    PlaceResult result = placement.place(PlaceRequest.gpus(4), List.of(spread, dense), NOW);

    assertThat(result.winner().orElseThrow().cluster()).isEqualTo("dense");
    assertThat(result.others().get(0).reason()).isEqualTo("needs 2 nodes (chosen: 1)");
    assertThat(result.others().get(0).score().idleGpus()).isEqualTo(8);
  }

  @Test
  void idleGpusInAnotherPartitionDoNotCount() {
    var a =
        fresh(
            "a",
            SlurmAdapter.KIND,
            node("g1", null, 8, 6, NodeState.MIXED, "gpu"),
            node("b1", null, 8, 0, NodeState.IDLE, "big"));
    var b = fresh("b", SlurmAdapter.KIND, node("g1", null, 8, 4, NodeState.MIXED, "gpu"));

    PlaceResult result =
        placement.place(new PlaceRequest(2, null, null, "gpu", null), List.of(a, b), NOW);

    assertThat(result.winner().orElseThrow().cluster()).isEqualTo("b");
    assertThat(result.winner().orElseThrow().partition()).isEqualTo("gpu");
    assertThat(result.others().get(0).reason()).isEqualTo("fewer idle GPUs (2 < 4)");
  }

  @Test
  void partitionTotalsAndMissingPartitions() {
    var a =
        fresh(
            "a",
            SlurmAdapter.KIND,
            node("g1", null, 2, 0, NodeState.IDLE, "gpu"),
            node("b1", null, 8, 0, NodeState.IDLE, "big"));
    var noGpuPartition =
        fresh("c", SlurmAdapter.KIND, node("b1", null, 8, 0, NodeState.IDLE, "big"));

    PlaceResult result =
        placement.place(
            new PlaceRequest(4, null, null, "gpu", null), List.of(a, noGpuPartition), NOW);

    assertThat(result.winner()).isEmpty();
    assertThat(result.others())
        .extracting(Verdict::cluster, Verdict::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("a", "only 2 GPUs in partition gpu"),
            org.assertj.core.groups.Tuple.tuple("c", "no partition gpu"));
  }

  @Test
  void withoutAPartitionAskedThePartitionThatFitsIsNamed() {
    // Slurm testbed layout: the default partition cpu has no GPUs, gpu and debug do.
    var tc =
        fresh(
            "tc",
            SlurmAdapter.KIND,
            node("n1", null, 0, 0, NodeState.IDLE, "cpu", "debug"),
            node("g1", "a100", 4, 2, NodeState.MIXED, "gpu", "debug"),
            node("g2", "v100", 2, 0, NodeState.IDLE, "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(4), List.of(tc), NOW);

    assertThat(result.winner().orElseThrow().partition()).isEqualTo("gpu");
    assertThat(result.explanation())
        .isEqualTo(
            "chose slurm@tc (partition gpu) — 4/6 idle GPUs, 1/2 idle nodes, fits on 2 nodes");
  }

  /** The issue-21 cluster's partitions: cpu the default, debug short (10 min), gpu long. */
  private static ClusterCaps threePartitions() {
    return new ClusterCaps(
        SlurmAdapter.KIND,
        "25.11.7",
        4,
        0,
        32,
        8,
        null,
        List.of("a100", "h100"),
        List.of(
            new PartitionInfo("cpu", true, 1440L),
            new PartitionInfo("debug", false, 30L),
            new PartitionInfo("gpu", false, 2880L)),
        false);
  }

  private static PlacementCandidate withPartitions(NodeInfo... nodes) {
    return candidate(
        "vega",
        ClusterGate.active(),
        snapshot(NOW.minus(Duration.ofMinutes(5)), nodes),
        threePartitions());
  }

  @Test
  void aGpuJobWithoutPartitionGoesToTheLongerOfTwoEqualPartitionsNotTheFirstName() {
    // debug and gpu hold the same GPU nodes: equal room, so the longer time limit decides, as a
    // job sent without -t gets its partition's default time (debug's is minutes).
    var vega =
        withPartitions(
            node("c1", null, 0, 0, NodeState.IDLE, "cpu"),
            node("g1", "a100", 2, 0, NodeState.IDLE, "debug", "gpu"),
            node("g2", "h100", 4, 0, NodeState.IDLE, "debug", "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(vega), NOW);

    assertThat(result.winner().orElseThrow().partition()).isEqualTo("gpu");
    assertThat(result.explanation())
        .startsWith(
            "chose slurm@vega (partition gpu: no partition asked; the default partition cpu")
        .contains("cannot hold it");
  }

  @Test
  void theDefaultPartitionIsChosenWhenItFitsAsWellAsAnother() {
    var vega =
        withPartitions(
            node("g1", "a100", 2, 0, NodeState.IDLE, "cpu", "gpu"),
            node("g2", "h100", 4, 0, NodeState.IDLE, "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(vega), NOW);

    assertThat(result.winner().orElseThrow().partition()).isEqualTo("cpu");
    assertThat(result.explanation())
        .startsWith("chose slurm@vega (partition cpu: the default partition)");
  }

  @Test
  void theDefaultPartitionLosesToOneWhereTheJobFitsNow() {
    var vega =
        withPartitions(
            node("g1", "a100", 2, 2, NodeState.ALLOCATED, "cpu", "gpu"),
            node("g2", "h100", 4, 0, NodeState.IDLE, "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(vega), NOW);

    assertThat(result.winner().orElseThrow().partition()).isEqualTo("gpu");
    assertThat(result.explanation()).contains("the default partition cpu has no room for it now");
  }

  @Test
  void aCpuJobWithoutPartitionCountsTheDefaultPartitionsNodesOnly() {
    var vega =
        withPartitions(
            node("c1", null, 0, 0, NodeState.MIXED, "cpu"),
            node("g1", "a100", 2, 0, NodeState.IDLE, "debug", "gpu"),
            node("g2", "h100", 4, 0, NodeState.IDLE, "gpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(0), List.of(vega), NOW);

    assertThat(result.winner().orElseThrow().partition()).isEqualTo("cpu");
    assertThat(result.explanation())
        .as("the GPU nodes' idle state says nothing of the cpu partition")
        .contains("0/1 idle nodes")
        .contains("the job waits");
  }

  @Test
  void gpuTypeFiltersWhatCounts() {
    var v100only = fresh("v", SlurmAdapter.KIND, node("g2", "v100", 8, 0, NodeState.IDLE, "gpu"));
    var debugA100 =
        fresh(
            "d",
            SlurmAdapter.KIND,
            node("g1", "a100", 4, 0, NodeState.IDLE, "debug"),
            node("g2", "v100", 8, 0, NodeState.IDLE, "gpu"));
    var a100 =
        fresh(
            "a",
            SlurmAdapter.KIND,
            node("g1", "A100", 2, 0, NodeState.IDLE, "gpu"),
            node("g2", "v100", 8, 0, NodeState.IDLE, "gpu"));

    PlaceResult result =
        placement.place(
            new PlaceRequest(2, null, "a100", "gpu", null),
            List.of(v100only, debugA100, a100),
            NOW);

    assertThat(result.explanation())
        .isEqualTo(
            "chose slurm@a (partition gpu) — 2/2 idle a100 GPUs, 1/1 idle nodes, fits on 1 node");
    assertThat(result.others())
        .extracting(Verdict::cluster, Verdict::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("d", "no a100 in partition gpu"),
            org.assertj.core.groups.Tuple.tuple("v", "no a100"));
  }

  @Test
  void onAMixedTypeNodeInUseTheFreeTypeIsUnknown() {
    var node =
        new NodeInfo(
            "g1",
            8,
            0,
            List.of(GpuGroup.of("a100", 2), GpuGroup.of("v100", 2)),
            1,
            NodeState.MIXED,
            "mix",
            List.of(),
            List.of(),
            null);
    var allFree =
        new NodeInfo(
            "g2",
            8,
            0,
            List.of(GpuGroup.of("a100", 2), GpuGroup.of("v100", 2)),
            0,
            NodeState.IDLE,
            "idle",
            List.of(),
            List.of(),
            null);

    assertThat(ScopeCapacity.idleOfType(node, "a100")).isEmpty();
    assertThat(ScopeCapacity.idleOfType(node, null)).hasValue(3);
    assertThat(ScopeCapacity.idleOfType(allFree, "a100")).hasValue(2);
  }

  @Test
  void unknownIdleCountsAreNeverFree() {
    var unknown = fresh("u", FluxAdapter.KIND, node("n1", null, 8, null, NodeState.MIXED));
    var known = fresh("k", FluxAdapter.KIND, node("n1", null, 8, 6, NodeState.MIXED));

    PlaceResult alone = placement.place(PlaceRequest.gpus(2), List.of(unknown), NOW);
    PlaceResult both = placement.place(PlaceRequest.gpus(2), List.of(unknown, known), NOW);

    Score score = alone.winner().orElseThrow().score();
    assertThat(score.idleGpus()).isZero();
    assertThat(score.fitsNow()).isNull();
    assertThat(alone.explanation())
        .isEqualTo(
            "chose flux@u — 0+/8 idle GPUs (1 node unknown), 0/1 idle nodes;"
                + " whether 2 GPUs are free now is unknown");
    assertThat(both.winner().orElseThrow().cluster()).isEqualTo("k");
    assertThat(both.others().get(0).reason())
        .isEqualTo("unknown whether 2 GPUs are free (1 node unknown)");
  }

  @Test
  void downAndDrainedNodesCountInTotalsButAreNotIdle() {
    var c =
        fresh(
            "c",
            SlurmAdapter.KIND,
            node("n1", null, 4, null, NodeState.DOWN),
            node("n2", null, 4, 0, NodeState.DRAIN),
            node("n3", null, 4, null, NodeState.UNKNOWN));

    Verdict v = placement.place(PlaceRequest.gpus(8), List.of(c), NOW).winner().orElseThrow();

    assertThat(v.score().totalGpus()).isEqualTo(12);
    assertThat(v.score().idleGpus()).isZero();
    assertThat(v.score().fitsNow()).isFalse();
  }

  @Test
  void staleSnapshotsRankBelowFreshOnes() {
    var stale =
        candidate(
            "old",
            ClusterGate.active(),
            snapshot(NOW.minus(Duration.ofDays(3)), node("n1", null, 8, 0, NodeState.IDLE)),
            null);
    var fresh = fresh("new", SlurmAdapter.KIND, node("n1", null, 8, 6, NodeState.MIXED));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(stale, fresh), NOW);
    PlaceResult alone = placement.place(PlaceRequest.gpus(2), List.of(stale), NOW);

    assertThat(result.winner().orElseThrow().cluster()).isEqualTo("new");
    assertThat(result.others().get(0).reason()).isEqualTo("snapshot 3 days old (stale)");
    assertThat(result.others().get(0).dataAge()).isEqualTo(Duration.ofDays(3));
    assertThat(alone.explanation())
        .isEqualTo(
            "chose slurm@old — 8/8 idle GPUs, 1/1 idle nodes, fits on 1 node;"
                + " snapshot 3 days old (stale)");
  }

  @Test
  void snapshotsPastTheLimitFallBackToDeclaredCapabilities() {
    var ancient =
        candidate(
            "old",
            ClusterGate.active(),
            snapshot(NOW.minus(Duration.ofDays(9)), node("n1", null, 8, 0, NodeState.IDLE)),
            caps(16, 2, List.of("a100")));
    var none = candidate("none", ClusterGate.active(), null, null);

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(ancient, none), NOW);

    assertThat(result.explanation())
        .isEqualTo(
            "chose slurm@old — 16 GPUs on 2 nodes declared, idle unknown;"
                + " snapshot 9 days old, past the 7 days limit: declared capabilities only,"
                + " lower confidence");
    assertThat(result.winner().orElseThrow().score().evidence()).isEqualTo(Evidence.DECLARED);
    assertThat(result.others().get(0).outcome()).isEqualTo(Outcome.SKIPPED);
    assertThat(result.others().get(0).reason())
        .isEqualTo("no snapshot and no declared capabilities" + " (save a snapshot of its nodes)");
  }

  @Test
  void declaredCapabilitiesFilterByTotalsTypeAndPartition() {
    var fine = candidate("fine", ClusterGate.active(), null, caps(8, 2, List.of("a100")));
    var small = candidate("small", ClusterGate.active(), null, caps(2, 1, List.of("a100")));
    var v100 = candidate("v", ClusterGate.active(), null, caps(8, 1, List.of("v100")));
    var freshOne =
        fresh("snap", SlurmAdapter.KIND, node("n1", "a100", 4, 4, NodeState.ALLOCATED, "gpu"));

    PlaceResult result =
        placement.place(
            new PlaceRequest(4, null, "a100", null, null),
            List.of(small, v100, fine, freshOne),
            NOW);
    PlaceResult partitioned =
        placement.place(new PlaceRequest(4, null, null, "batch", null), List.of(fine), NOW);

    // A fresh snapshot ranks above declared figures even when the job has to wait there.
    assertThat(result.winner().orElseThrow().cluster()).isEqualTo("snap");
    assertThat(result.others())
        .extracting(Verdict::cluster, Verdict::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("fine", "no snapshot: declared capabilities only"),
            org.assertj.core.groups.Tuple.tuple("small", "only 2 GPUs in total (declared)"),
            org.assertj.core.groups.Tuple.tuple("v", "no a100 (declared)"));
    assertThat(partitioned.others().get(0).reason()).isEqualTo("no partition batch (declared)");
  }

  @Test
  void equalClustersAreBrokenByName() {
    var b = fresh("beta", SlurmAdapter.KIND, node("n1", null, 4, 0, NodeState.IDLE));
    var a = fresh("alpha", FluxAdapter.KIND, node("n1", null, 4, 0, NodeState.IDLE));

    PlaceResult one = placement.place(PlaceRequest.gpus(2), List.of(b, a), NOW);
    PlaceResult other = placement.place(PlaceRequest.gpus(2), List.of(a, b), NOW);

    assertThat(one.winner().orElseThrow().cluster()).isEqualTo("alpha");
    assertThat(other.winner().orElseThrow().cluster()).isEqualTo("alpha");
    assertThat(one.others().get(0).reason())
        .isEqualTo("tie with flux@alpha; ties go to the name first in alphabetical order");
  }

  @Test
  void moreTotalGpusBreakAnIdleTie() {
    var small = fresh("a", SlurmAdapter.KIND, node("n1", null, 4, 0, NodeState.IDLE));
    var large =
        fresh(
            "b",
            SlurmAdapter.KIND,
            node("n1", null, 4, 0, NodeState.IDLE),
            node("n2", null, 4, 4, NodeState.ALLOCATED));

    PlaceResult result = placement.place(PlaceRequest.gpus(2), List.of(small, large), NOW);

    assertThat(result.winner().orElseThrow().cluster()).isEqualTo("b");
    assertThat(result.others().get(0).reason()).isEqualTo("fewer GPUs in total (4 < 8)");
  }

  @Test
  void aCpuOnlyJobGoesWhereNodesAreIdleInTheDefaultPartition() {
    var busy =
        fresh(
            "busy",
            SlurmAdapter.KIND,
            node("n1", null, 0, 0, NodeState.ALLOCATED, "cpu"),
            node("n2", null, 0, 0, NodeState.IDLE, "cpu"));
    var free =
        fresh(
            "free",
            SlurmAdapter.KIND,
            node("n1", null, 0, 0, NodeState.IDLE, "cpu"),
            node("n2", null, 0, 0, NodeState.IDLE, "cpu"),
            node("g1", "a100", 4, 0, NodeState.IDLE, "gpu"));
    var down = fresh("down", SlurmAdapter.KIND, node("n1", null, 0, 0, NodeState.DOWN, "cpu"));

    PlaceResult result = placement.place(PlaceRequest.gpus(0), List.of(busy, free, down), NOW);

    Verdict chosen = result.winner().orElseThrow();
    assertThat(chosen.cluster()).isEqualTo("free");
    assertThat(chosen.partition()).as("the scheduler's default partition").isNull();
    assertThat(result.explanation()).isEqualTo("chose slurm@free — CPU-only, 3/3 idle nodes");
    assertThat(result.others())
        .extracting(Verdict::cluster, Verdict::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("busy", "fewer idle nodes (1 < 3)"),
            org.assertj.core.groups.Tuple.tuple("down", "only 0 nodes take work (1 asked)"));
  }

  @Test
  void aGpuAskOfAClusterWithoutGpusSaysSo() {
    var cpus = fresh("cpus", SlurmAdapter.KIND, node("n1", null, 0, 0, NodeState.IDLE, "cpu"));
    PlaceResult result = placement.place(PlaceRequest.gpus(1), List.of(cpus), NOW);
    assertThat(result.winner()).isEmpty();
    assertThat(result.candidates().get(0).reason()).isEqualTo("no GPUs");
  }

  @Test
  void badRequestsAreRefusedSayingWhatIsWrong() {
    assertThatThrownBy(() -> PlaceRequest.gpus(-1))
        .hasMessageContaining("GPUs must be 0 (a CPU-only job) or more");
    assertThatThrownBy(() -> new PlaceRequest(2, 0, null, null, null))
        .hasMessageContaining("nodes must be at least 1");
    assertThat(new PlaceRequest(2, null, " ", "", null).partition()).isNull();
  }

  @Test
  void freshnessLimitsAreValidated() {
    assertThatThrownBy(() -> new Freshness(Duration.ofDays(2), Duration.ofDays(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(Freshness.DEFAULT.classify(Duration.ofMinutes(59)))
        .isEqualTo(Evidence.FRESH_SNAPSHOT);
    assertThat(Freshness.DEFAULT.classify(Duration.ofHours(1))).isEqualTo(Evidence.STALE_SNAPSHOT);
    assertThat(Freshness.DEFAULT.classify(Duration.ofDays(7))).isEqualTo(Evidence.DECLARED);
    assertThat(Ages.describe(Duration.ofSeconds(-5))).isEqualTo("0 s");
    assertThat(Ages.describe(Duration.ofDays(1))).isEqualTo("1 day");
  }

  static NodeInfo node(
      String name, String type, int gpus, Integer inUse, NodeState state, String... partitions) {
    List<GpuGroup> groups =
        gpus == 0
            ? List.of()
            : List.of(type == null ? GpuGroup.untyped(gpus) : GpuGroup.of(type, gpus));
    return new NodeInfo(
        name, 8, 16000, groups, inUse, state, state.label(), List.of(partitions), List.of(), null);
  }

  static NodeInventory snapshot(Instant takenAt, NodeInfo... nodes) {
    return new NodeInventory(SlurmAdapter.KIND, "scripted", takenAt, List.of(nodes));
  }

  private static PlacementCandidate fresh(String name, SchedulerKind kind, NodeInfo... nodes) {
    return new PlacementCandidate(
        name, ClusterGate.active(), kind, null, snapshot(NOW.minus(Duration.ofMinutes(5)), nodes));
  }

  private static PlacementCandidate candidate(
      String name, ClusterGate gate, NodeInventory snapshot, ClusterCaps caps) {
    return new PlacementCandidate(name, gate, SlurmAdapter.KIND, caps, snapshot);
  }

  private static ClusterCaps caps(int gpus, int nodes, List<String> types) {
    return new ClusterCaps(
        SlurmAdapter.KIND,
        "22.05.8",
        nodes,
        0,
        16,
        gpus,
        null,
        types,
        List.of(new PartitionInfo("gpu", true, null)),
        false);
  }
}
