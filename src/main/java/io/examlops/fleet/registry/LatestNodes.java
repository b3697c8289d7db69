package io.examlops.fleet.registry;

import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import java.util.Optional;

/**
 * The newest node data of a registered cluster, without asking its scheduler: read live when its
 * nodes cost nothing to read (the mock), else its latest stored snapshot. What placement, capacity
 * and the console's pages read.
 */
public final class LatestNodes {
  private final ClusterConnections connections;
  private final SchedulerAdapters adapters;
  private final SchedulerContext context;

  public LatestNodes(
      ClusterConnections connections, SchedulerAdapters adapters, SchedulerContext context) {
    this.connections = connections;
    this.adapters = adapters;
    this.context = context;
  }

  /** The scheduler a cluster runs: as clusters.yaml says, else as its approval record keeps it. */
  public static SchedulerKind schedulerOf(RegisteredCluster cluster) {
    return cluster.definition() != null
        ? cluster.definition().scheduler()
        : cluster.governance().scheduler();
  }

  /** Whether the cluster's nodes are read live rather than from snapshots. */
  public boolean readsLive(RegisteredCluster cluster) {
    return cluster.definition() != null
        && adapters.find(schedulerOf(cluster)).map(SchedulerAdapter::readsLive).orElse(false);
  }

  /**
   * The newest snapshot of the cluster's nodes (a live one has id 0); empty when none was taken.
   */
  public Optional<NodeSnapshot> of(RegisteredCluster cluster) {
    if (readsLive(cluster)) {
      SchedulerAdapter adapter = adapters.of(schedulerOf(cluster));
      NodeInventory live = adapter.liveInventory(cluster, context);
      return Optional.of(
          new NodeSnapshot(
              0, cluster.name(), live.takenAt(), adapter.kind().label(), live.nodes()));
    }
    return connections.store().latestSnapshot(cluster.name());
  }

  /** As {@link #of}, as placement and capacity read nodes; {@code null} when none was taken. */
  public NodeInventory inventory(RegisteredCluster cluster) {
    if (readsLive(cluster)) {
      return adapters.of(schedulerOf(cluster)).liveInventory(cluster, context);
    }
    return connections
        .store()
        .latestSnapshot(cluster.name())
        .map(s -> new NodeInventory(null, "snapshot " + s.id(), s.takenAt(), s.nodes()))
        .orElse(null);
  }
}
