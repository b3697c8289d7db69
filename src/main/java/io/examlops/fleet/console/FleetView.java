package io.examlops.fleet.console;

import io.examlops.fleet.ClusterSummary;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.ClusterCapacity;
import io.examlops.fleet.capacity.FleetCapacity;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Everything the pages, the REST reads and /metrics show, read from the stores in one go: the
 * clusters, their latest snapshots and the capacity report. Built from stored data only (no
 * scheduler is asked), and rebuilt when the stores change.
 *
 * @param nodes each cluster's nodes in its latest snapshot (the mock's live node); absent when none
 */
record FleetView(
    Instant builtAt,
    List<ClusterSummary> clusters,
    List<ClusterRow> rows,
    FleetCapacity capacity,
    Map<String, List<NodeInfo>> nodes) {

  static FleetView build(Fleet fleet, Function<String, RefreshStatus> refresh) {
    List<Fleet.ClusterStatus> statuses = fleet.clusters();
    FleetCapacity capacity = fleet.scheduling().capacity(fleet.env());
    Map<String, ClusterCapacity> byCluster =
        capacity.clusters().stream()
            .collect(Collectors.toMap(ClusterCapacity::cluster, c -> c, (a, b) -> a));
    Map<String, List<NodeInfo>> nodes = new LinkedHashMap<>();
    for (Fleet.ClusterStatus status : statuses) {
      RegisteredCluster cluster = status.cluster();
      if (cluster.definition() != null
          && cluster.definition().scheduler() == SchedulerKind.MOCK) {
        var live = fleet.scheduling().inventory(cluster);
        if (live != null) {
          nodes.put(cluster.name(), live.nodes());
        }
      } else {
        fleet.latestSnapshot(cluster.name()).ifPresent(s -> nodes.put(cluster.name(), s.nodes()));
      }
    }
    List<ClusterSummary> summaries = statuses.stream().map(ClusterSummary::of).toList();
    List<ClusterRow> rows =
        statuses.stream()
            .map(
                s ->
                    row(
                        fleet,
                        s.cluster(),
                        ClusterSummary.of(s),
                        byCluster.get(s.cluster().name()),
                        refresh.apply(s.cluster().name())))
            .toList();
    return new FleetView(fleet.clock().instant(), summaries, rows, capacity, Map.copyOf(nodes));
  }

  private static ClusterRow row(
      Fleet fleet,
      RegisteredCluster cluster,
      ClusterSummary summary,
      ClusterCapacity capacity,
      RefreshStatus refresh) {
    ClusterCaps caps = summary.capabilities();
    Integer total = capacity != null ? capacity.totalGpus() : caps == null ? null : caps.gpus();
    Integer idle = capacity != null ? capacity.idleGpus() : caps == null ? null : caps.idleGpus();
    return new ClusterRow(
        summary,
        total,
        idle,
        capacity == null || capacity.utilizationPercent() == null
            ? null
            : capacity.utilizationPercent().setScale(1, RoundingMode.HALF_UP) + " %",
        capacity == null ? null : capacity.gpuHours().describe(),
        capacity == null || capacity.cost() == null ? null : money(capacity.cost()),
        capacity == null ? null : capacity.takenAt(),
        approval(fleet, cluster, summary),
        refresh);
  }

  private static ClusterRow.Approval approval(
      Fleet fleet, RegisteredCluster cluster, ClusterSummary summary) {
    ClusterCaps caps = summary.capabilities();
    String key;
    String hostKey;
    try {
      var current = fleet.connections().current(cluster);
      key = current.sshKey();
      hostKey = current.hostKey() != null ? current.hostKey() : summary.hostKeyFingerprint();
    } catch (RuntimeException e) {
      key = "cannot be read: " + e.getMessage();
      hostKey = summary.hostKeyFingerprint();
    }
    return new ClusterRow.Approval(
        summary.host(),
        summary.port(),
        summary.user(),
        key,
        hostKey,
        summary.scheduler(),
        caps == null ? List.of() : caps.partitions().stream().map(FleetView::partition).toList(),
        caps == null
            ? "not probed"
            : caps.gpus()
                + (caps.gpuTypes().isEmpty() ? "" : " (" + String.join(", ", caps.gpuTypes()) + ")"));
  }

  private static String partition(PartitionInfo p) {
    return p.name() + (p.isDefault() ? " (default)" : "");
  }

  private static String money(BigDecimal cost) {
    return cost.setScale(2, RoundingMode.HALF_UP).toPlainString();
  }

  ClusterRow row(String name) {
    return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  long pending() {
    return rows.stream().filter(ClusterRow::pending).count();
  }
}
