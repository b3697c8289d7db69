package io.examlops.fleet.placement;

import static io.examlops.fleet.placement.PlacementTest.node;
import static io.examlops.fleet.placement.PlacementTest.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary says what counting the nodes for each ask would say, and counts each only once. */
class SnapshotSummaryTest {
  private static final List<NodeInfo> NODES =
      List.of(
          node("n1", null, 0, 0, NodeState.IDLE, "cpu", "debug"),
          node("g1", "a100", 4, 2, NodeState.MIXED, "gpu", "debug"),
          node("g2", "V100", 2, 0, NodeState.IDLE, "gpu"),
          node("g3", "a100", 8, null, NodeState.MIXED, "gpu"),
          node("g4", null, 2, 0, NodeState.DRAIN, "gpu"),
          new NodeInfo(
              "m1",
              8,
              0,
              List.of(GpuGroup.of("a100", 2), GpuGroup.of("v100", 2)),
              1,
              NodeState.MIXED,
              "mix",
              List.of("mixed"),
              List.of(),
              null));

  @Test
  void everyPartitionAndTypeMatchesCountingTheNodes() {
    SnapshotSummary summary =
        SnapshotSummary.of(snapshot(Instant.EPOCH, NODES.toArray(NodeInfo[]::new)));

    for (String partition : Arrays.asList(null, "cpu", "debug", "gpu", "mixed", "nosuch")) {
      for (String type : Arrays.asList(null, "a100", "A100", "v100", "h100")) {
        assertThat(summary.gpus(partition, type))
            .as(partition + "/" + type)
            .usingRecursiveComparison()
            .ignoringFields("gpuType")
            .isEqualTo(ScopeCapacity.of(NODES, partition, type));
      }
    }
    assertThat(summary.partitions()).containsExactly("cpu", "debug", "gpu", "mixed");
    assertThat(summary.partitionsWithGpus("v100")).containsExactly("gpu", "mixed");
    assertThat(summary.nodes("gpu"))
        .as("g4 is drained")
        .isEqualTo(new SnapshotSummary.NodeCount(4, 3, 1));
    assertThat(summary.nodes(null).total()).isEqualTo(6);
    assertThat(summary.gpus("gpu", "A100")).as("kept").isSameAs(summary.gpus("gpu", "a100"));
    assertThat(summary.nodes("gpu")).as("kept").isSameAs(summary.nodes("gpu"));
  }
}
