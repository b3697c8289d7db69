package io.examlops.fleet.placement;

import static io.examlops.fleet.placement.PlacementTest.node;
import static io.examlops.fleet.placement.PlacementTest.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.placement.Reason.Status;
import io.examlops.fleet.placement.Verdict.Outcome;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every filter's answer is kept for every cluster and partition, and the one line is built from
 * them.
 */
class PlacementReasonsTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private final Placement placement = new Placement(Freshness.DEFAULT);

  private static PlacementCandidate fresh(String name, ClusterCaps caps, NodeInfo... nodes) {
    return new PlacementCandidate(
        name,
        ClusterGate.active(),
        SlurmAdapter.KIND,
        caps,
        snapshot(NOW.minus(Duration.ofMinutes(5)), nodes));
  }

  /** The Slurm testbed's GPU nodes: g1 (4 a100, 2 in use) in gpu and debug, g2 (2 v100) in gpu. */
  private static PlacementCandidate testbedLayout() {
    return fresh(
        "tc",
        null,
        node("g1", "a100", 4, 2, NodeState.MIXED, "gpu", "debug"),
        node("g2", "v100", 2, 0, NodeState.IDLE, "gpu"));
  }

  /** A Flux instance of 2 nodes as the probe declared it, with these queues. */
  private static ClusterCaps fluxCaps(int gpus, PartitionInfo... queues) {
    return new ClusterCaps(
        FluxAdapter.KIND, "0.88.0", 2, 0, 16, gpus, null, List.of(), List.of(queues), false);
  }

  private Verdict place(PlaceRequest request, PlacementCandidate candidate) {
    return placement.place(request, List.of(candidate), NOW).candidates().get(0);
  }

  @Test
  void everyPartitionKeepsEveryReasonAndTheLineNamesEachOne() {
    Verdict v = place(new PlaceRequest(9, 1, null, null, null), testbedLayout());

    assertThat(v.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(v.partition()).as("the one that comes closest").isEqualTo("gpu");
    // Before: first failure of the largest partition only ("only 6 GPUs in partition gpu").
    assertThat(v.reason())
        .isEqualTo("only 6 GPUs in partition gpu; only 4 GPUs in partition debug");
    assertThat(v.reasons())
        .extracting(Reason::rule, Reason::partition, Reason::status, Reason::asked, Reason::there)
        .containsExactly(
            tuple(Rule.APPROVAL, null, Status.PASS, "ACTIVE", "ACTIVE"),
            tuple(
                Rule.DATA,
                null,
                Status.PASS,
                "a snapshot younger than 7 days, or declared capabilities",
                "snapshot 5 min old"),
            tuple(Rule.GPUS, "debug", Status.FAIL, "9", "4"),
            tuple(Rule.GPUS_ON_NODES, "debug", Status.FAIL, "9", "4"),
            tuple(Rule.GPUS, "gpu", Status.FAIL, "9", "6"),
            tuple(Rule.GPUS_ON_NODES, "gpu", Status.FAIL, "9", "4"));
  }

  @Test
  void aQueueRuleIsSaidBesideTheCapacityOfAnotherPartition() {
    QueueLimits stopped = new QueueLimits(null, null, true, false, null);
    ClusterCaps caps =
        fluxCaps(
            6,
            new PartitionInfo("big", false, null, stopped),
            new PartitionInfo("small", true, null, null));
    var fx =
        fresh(
            "fx",
            caps,
            node("b1", null, 4, 0, NodeState.IDLE, "big"),
            node("s1", null, 2, 0, NodeState.IDLE, "small"));

    Verdict v = place(PlaceRequest.gpus(4), fx);

    assertThat(v.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(v.reason())
        .isEqualTo("queue big is stopped: its jobs would wait; only 2 GPUs in partition small");
    assertThat(v.reasons())
        .filteredOn(r -> "big".equals(r.partition()))
        .extracting(Reason::rule, Reason::status)
        .containsExactly(
            tuple(Rule.GPUS, Status.PASS),
            tuple(Rule.QUEUE_ENABLED, Status.PASS),
            tuple(Rule.QUEUE_STARTED, Status.FAIL));
  }

  @Test
  void whatTheWholeClusterFailsIsSaidOnceAndWhatFollowsFromItIsNot() {
    var c = fresh("c", null, node("b1", null, 8, 0, NodeState.IDLE, "big"));

    Verdict v = place(new PlaceRequest(2, null, "h100", "gpu", null), c);

    // Two rules of their own; the partition's empty count follows from them and is kept, not said.
    assertThat(v.reason()).isEqualTo("no partition gpu; no h100");
    assertThat(v.reasons())
        .filteredOn(Reason::failed)
        .extracting(Reason::rule, Reason::partition)
        .containsExactly(
            tuple(Rule.PARTITION, null), tuple(Rule.GPU_TYPE, null), tuple(Rule.GPUS, "gpu"));
  }

  @Test
  void aChosenClusterKeepsTheReasonsOfThePartitionsThatLost() {
    Verdict v = place(new PlaceRequest(2, 1, null, null, null), testbedLayout());

    assertThat(v.outcome()).isEqualTo(Outcome.CHOSEN);
    assertThat(v.reasons())
        .filteredOn(r -> r.rule() == Rule.GPUS)
        .extracting(Reason::partition, Reason::status, Reason::words)
        .containsExactly(
            tuple("debug", Status.PASS, "4 GPUs in partition debug (2 asked)"),
            tuple("gpu", Status.PASS, "6 GPUs in partition gpu (2 asked)"));
  }

  @Test
  void aClosedGateKeepsOnlyItsOwnReason() {
    var pending =
        new PlacementCandidate(
            "p",
            ClusterGate.inState("PENDING"),
            SlurmAdapter.KIND,
            null,
            snapshot(NOW, node("n1", null, 8, 0, NodeState.IDLE)));

    Verdict v = place(PlaceRequest.gpus(1), pending);

    assertThat(v.reasons())
        .extracting(Reason::rule, Reason::status, Reason::there)
        .containsExactly(tuple(Rule.APPROVAL, Status.FAIL, "PENDING"));
  }

  @Test
  void declaredCapabilitiesGoThroughTheSameQueueRulesAsSnapshots() {
    QueueLimits disabled = new QueueLimits(null, null, false, true, "maintenance");
    ClusterCaps caps = fluxCaps(8, new PartitionInfo("gpu", true, null, disabled));
    var declaredOnly =
        new PlacementCandidate(
            "fx", ClusterGate.active(), FluxAdapter.KIND, caps, (SnapshotSummary) null);

    Verdict v = place(PlaceRequest.gpus(2), declaredOnly);

    // Before: the declared path had no queue check and chose the disabled queue's cluster.
    assertThat(v.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(v.reason())
        .isEqualTo(
            "queue gpu is disabled (maintenance): the scheduler refuses jobs submitted to it");
  }
}
