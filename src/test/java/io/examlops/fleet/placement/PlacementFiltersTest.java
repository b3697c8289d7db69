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
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each filter on its own, on a snapshot and on declared capabilities alike: its rule, where it was
 * checked, what was asked, what is there, and the words.
 */
class PlacementFiltersTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

  /** The Slurm testbed's layout: cpu (no GPUs, default), gpu (4 a100 + 2 v100), debug. */
  private static final Holdings TC =
      snapshotOf(
          null,
          node("n1", null, 0, 0, NodeState.IDLE, "cpu", "debug"),
          node("g1", "a100", 4, 2, NodeState.MIXED, "gpu", "debug"),
          node("g2", "v100", 2, 0, NodeState.IDLE, "gpu"),
          node("d1", null, 0, 0, NodeState.DOWN, "cpu"));

  /** 16 GPUs (a100) on 2 nodes, partition gpu, declared only. */
  private static final Holdings DECLARED = new DeclaredHoldings(caps(16, 2, queue("gpu", null)));

  private static Holdings snapshotOf(ClusterCaps caps, NodeInfo... nodes) {
    return new SnapshotHoldings(SnapshotSummary.of(snapshot(NOW, nodes)), caps, Claims.NONE);
  }

  private static ClusterCaps caps(int gpus, int nodes, PartitionInfo... partitions) {
    return new ClusterCaps(
        FluxAdapter.KIND,
        "0.88.0",
        nodes,
        0,
        16,
        gpus,
        null,
        List.of("a100"),
        List.of(partitions),
        false);
  }

  private static PartitionInfo queue(String name, QueueLimits limits) {
    return new PartitionInfo(name, true, null, limits);
  }

  private static PlaceRequest ask(int gpus, Integer nodes, String type, String partition) {
    return new PlaceRequest(gpus, nodes, type, partition, null);
  }

  private static Reason only(Optional<Reason> reason) {
    assertThat(reason).isPresent();
    return reason.get();
  }

  @Test
  void partitionExistsOnASnapshotAndInDeclaredCapabilities() {
    PartitionFilter filter = new PartitionFilter();

    Reason there = only(filter.check(ask(1, null, null, "gpu"), TC, null));
    Reason missing = only(filter.check(ask(1, null, null, "big"), TC, null));
    Reason declared = only(filter.check(ask(1, null, null, "big"), DECLARED, null));

    assertThat(there)
        .extracting(Reason::rule, Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly(Rule.PARTITION, Status.PASS, "gpu", "cpu, debug, gpu", "partition gpu");
    assertThat(missing)
        .extracting(Reason::status, Reason::asked, Reason::words)
        .containsExactly(Status.FAIL, "big", "no partition big");
    assertThat(declared)
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "gpu", "no partition big (declared)");
    assertThat(filter.check(ask(1, null, null, null), TC, null)).as("none asked").isEmpty();
  }

  @Test
  void gpuTypeMatchesCaseInsensitivelyAndNamesTheTypesThere() {
    GpuTypeFilter filter = new GpuTypeFilter();

    Reason a100 = only(filter.check(ask(1, null, "A100", null), TC, null));
    Reason h100 = only(filter.check(ask(1, null, "h100", null), TC, null));
    Reason declared = only(filter.check(ask(1, null, "h100", null), DECLARED, null));

    assertThat(a100.status()).isEqualTo(Status.PASS);
    assertThat(h100)
        .extracting(Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "h100", "a100, v100", "no h100");
    assertThat(declared.words()).isEqualTo("no h100 (declared)");
    assertThat(filter.check(ask(0, null, "a100", null), TC, null)).as("CPU-only").isEmpty();
  }

  @Test
  void gpuCountCountsThePartitionOnASnapshotAndTheClusterWhenDeclared() {
    GpuCountFilter filter = new GpuCountFilter();

    Reason gpu = only(filter.check(ask(4, null, null, null), TC, "gpu"));
    Reason tooFew = only(filter.check(ask(8, null, null, null), TC, "gpu"));
    Reason none = only(filter.check(ask(1, null, "a100", null), TC, "cpu"));
    Reason whole = only(filter.check(ask(8, null, null, null), TC, null));
    Reason declared = only(filter.check(ask(32, null, "a100", "gpu"), DECLARED, "gpu"));

    assertThat(gpu)
        .extracting(Reason::partition, Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly("gpu", Status.PASS, "4", "6", "6 GPUs in partition gpu (4 asked)");
    assertThat(tooFew)
        .extracting(Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "8", "6", "only 6 GPUs in partition gpu");
    assertThat(none.words()).isEqualTo("no a100 in partition cpu");
    assertThat(whole.words()).isEqualTo("only 6 GPUs in total");
    assertThat(declared)
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "16", "only 16 GPUs in total (declared)");
    assertThat(filter.check(ask(0, null, null, null), TC, null)).as("CPU-only").isEmpty();
  }

  @Test
  void gpusOnNodesIsUnknownFromDeclaredCapabilities() {
    GpusOnNodesFilter filter = new GpusOnNodesFilter();

    Reason one = only(filter.check(ask(4, 1, null, null), TC, "gpu"));
    Reason tooMany = only(filter.check(ask(6, 1, null, null), TC, "gpu"));
    Reason two = only(filter.check(ask(6, 2, null, null), TC, "gpu"));
    Reason declared = only(filter.check(ask(4, 1, null, null), DECLARED, null));

    assertThat(one)
        .extracting(Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly(Status.PASS, "4", "4", "a node has 4 GPUs in partition gpu (most: 4)");
    assertThat(tooMany)
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "4", "no node has 6 GPUs in partition gpu (most: 4)");
    assertThat(two.words()).isEqualTo("2 nodes have 6 GPUs together in partition gpu (most: 6)");
    assertThat(declared)
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(Status.UNKNOWN, null, "whether a node has 4 GPUs is unknown (declared)");
    assertThat(filter.check(ask(4, null, null, null), TC, "gpu")).as("no --nodes").isEmpty();
  }

  @Test
  void nodeCountOfACpuOnlyJobCountsNodesThatTakeWork() {
    NodeCountFilter filter = new NodeCountFilter();

    Reason cpu = only(filter.check(ask(0, 2, null, "cpu"), TC, "cpu"));
    Reason enough = only(filter.check(ask(0, 3, null, null), TC, null));
    Reason declared = only(filter.check(ask(0, 3, null, null), DECLARED, null));

    assertThat(cpu)
        .extracting(Reason::status, Reason::asked, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "2", "1", "only 1 node take work in partition cpu (2 asked)");
    assertThat(enough.words()).isEqualTo("3 nodes take work (3 asked)");
    assertThat(declared.words()).isEqualTo("only 2 nodes in total (declared)");
    assertThat(filter.check(ask(1, null, null, null), TC, null)).as("a GPU job").isEmpty();
  }

  @Test
  void queueRulesReadTheQueueStateAndLimitsOnEitherSource() {
    QueueLimits closed = new QueueLimits(2, 1, false, false, "maintenance");
    ClusterCaps caps = caps(8, 2, queue("gpu", closed));
    Holdings declared = new DeclaredHoldings(caps);
    Holdings snapshot = snapshotOf(caps, node("n1", null, 4, 0, NodeState.IDLE, "gpu"));

    for (Holdings holdings : List.of(declared, snapshot)) {
      List<Reason> reasons =
          QueueFilters.ALL.stream()
              .flatMap(f -> f.check(ask(4, 2, null, null), holdings, "gpu").stream())
              .toList();
      assertThat(reasons)
          .extracting(Reason::rule, Reason::status, Reason::asked, Reason::there)
          .containsExactly(
              tuple(Rule.QUEUE_ENABLED, Status.FAIL, "enabled", "disabled"),
              tuple(Rule.QUEUE_STARTED, Status.FAIL, "started", "stopped"),
              tuple(Rule.QUEUE_GPU_LIMIT, Status.FAIL, "4", "2"),
              tuple(Rule.QUEUE_NODE_LIMIT, Status.FAIL, "2", "1"));
      assertThat(reasons.get(0).words())
          .isEqualTo(
              "queue gpu is disabled (maintenance): the scheduler refuses jobs submitted to it");
      assertThat(reasons.get(2).words()).isEqualTo("queue gpu takes at most 2 GPUs per job");
    }
    // The default queue stands for a partition not named; a queue without limits has no rules.
    assertThat(QueueFilters.ALL.get(0).check(ask(1, null, null, null), declared, null)).isPresent();
    assertThat(QueueFilters.ALL.get(0).check(ask(1, null, null, null), DECLARED, null)).isEmpty();
    assertThat(QueueFilters.ALL.get(0).check(ask(1, null, null, null), TC, "gpu")).isEmpty();
  }

  @Test
  void approvalSaysTheStateOrTheRefusal() {
    assertThat(ApprovalFilter.check(ClusterGate.active()))
        .extracting(Reason::rule, Reason::status, Reason::asked, Reason::there)
        .containsExactly(Rule.APPROVAL, Status.PASS, "ACTIVE", "ACTIVE");
    assertThat(ApprovalFilter.check(ClusterGate.inState("pending")))
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(Status.FAIL, "PENDING", "PENDING");
    assertThat(ApprovalFilter.check(ClusterGate.refused("host changed since approval")))
        .extracting(Reason::status, Reason::there, Reason::words)
        .containsExactly(
            Status.FAIL, "ACTIVE: host changed since approval", "host changed since approval");
  }

  @Test
  void dataIsASnapshotYoungerThanTheLimitElseDeclaredCapabilities() {
    NodeInfo n = node("n1", null, 4, 0, NodeState.IDLE);
    ClusterCaps caps = caps(8, 2);

    DataFilter.Data fresh = data(snapshot(NOW.minus(Duration.ofMinutes(5)), n), null);
    DataFilter.Data stale = data(snapshot(NOW.minus(Duration.ofDays(3)), n), null);
    DataFilter.Data ancient = data(snapshot(NOW.minus(Duration.ofDays(9)), n), caps);
    DataFilter.Data nothing = data(null, null);

    assertThat(fresh.evidence()).isEqualTo(Evidence.FRESH_SNAPSHOT);
    assertThat(fresh.holdings()).isInstanceOf(SnapshotHoldings.class);
    assertThat(fresh.reason())
        .extracting(Reason::rule, Reason::status, Reason::asked, Reason::there)
        .containsExactly(
            Rule.DATA,
            Status.PASS,
            "a snapshot younger than 7 days, or declared capabilities",
            "snapshot 5 min old");
    assertThat(stale.reason().there()).isEqualTo("snapshot 3 days old (stale)");
    assertThat(ancient.holdings()).isInstanceOf(DeclaredHoldings.class);
    assertThat(ancient.reason().words())
        .isEqualTo("snapshot 9 days old, past the 7 days limit: declared capabilities only");
    assertThat(nothing.holdings()).isNull();
    assertThat(nothing.reason())
        .extracting(Reason::status, Reason::there)
        .containsExactly(Status.FAIL, "no snapshot, no declared capabilities");
  }

  private static DataFilter.Data data(NodeInventory snapshot, ClusterCaps caps) {
    return DataFilter.check(
        new PlacementCandidate("c", ClusterGate.active(), SlurmAdapter.KIND, caps, snapshot),
        Freshness.DEFAULT,
        NOW);
  }
}
