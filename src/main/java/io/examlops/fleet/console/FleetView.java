package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.CapacityRequest;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.discovery.NodesResult;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.capacity.ClusterCapacity;
import io.examlops.fleet.model.capacity.FleetCapacity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
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
 * @param live whether some cluster's nodes were read live rather than from a snapshot (the mock)
 */
record FleetView(
    Instant builtAt,
    List<ClusterSummary> clusters,
    List<ClusterRow> rows,
    FleetCapacity capacity,
    Map<String, List<NodeInfo>> nodes,
    boolean live) {

  static FleetView build(Fleet fleet, Clock clock, Function<String, RefreshStatus> refresh) {
    List<ClusterSummary> summaries = fleet.governance().clusters().clusters();
    FleetCapacity capacity =
        fleet.capacity().capacity(Refresher.AS, new CapacityRequest(ReadFrom.STORE));
    Map<String, List<NodeInfo>> nodes = new LinkedHashMap<>();
    boolean live = false;
    for (ClusterSummary summary : summaries) {
      NodesResult stored =
          fleet.discovery().nodes(Refresher.AS, NodesRequest.stored(summary.name()));
      if (stored.taken()) {
        nodes.put(summary.name(), stored.nodes());
        live |= stored.snapshotId() == null;
      }
    }
    return new FleetView(clock.instant(), summaries, List.of(), capacity, Map.copyOf(nodes), live)
        .withRows(fleet, clock, refresh);
  }

  /**
   * The view again with what no store records brought up to date: the key files' fingerprints, the
   * refresher's news, the mock's live node. Unless a cluster is read live, the stored parts
   * (100,000 nodes in a large fleet) are kept as they are: they change only with the stores.
   */
  FleetView refreshed(Fleet fleet, Clock clock, Function<String, RefreshStatus> refresh) {
    return live ? build(fleet, clock, refresh) : withRows(fleet, clock, refresh);
  }

  private FleetView withRows(Fleet fleet, Clock clock, Function<String, RefreshStatus> refresh) {
    Map<String, ClusterCapacity> byCluster =
        capacity.clusters().stream()
            .collect(Collectors.toMap(ClusterCapacity::cluster, c -> c, (a, b) -> a));
    List<ClusterRow> rows =
        clusters.stream()
            .map(s -> row(fleet, s, byCluster.get(s.name()), refresh.apply(s.name())))
            .toList();
    return new FleetView(clock.instant(), clusters, rows, capacity, nodes, live);
  }

  private static ClusterRow row(
      Fleet fleet, ClusterSummary summary, ClusterCapacity capacity, RefreshStatus refresh) {
    ClusterCaps caps = summary.capabilities();
    Integer total = capacity != null ? capacity.totalGpus() : caps == null ? null : caps.gpus();
    Integer idle = capacity != null ? capacity.idleGpus() : caps == null ? null : caps.idleGpus();
    return new ClusterRow(
        summary,
        total,
        idle,
        capacity == null ? null : percent(capacity.utilizationPercent()),
        capacity == null ? null : capacity.gpuHours().describe(),
        capacity == null || capacity.cost() == null ? null : money(capacity.cost()),
        capacity == null ? null : capacity.takenAt(),
        approval(fleet, summary),
        refresh);
  }

  private static ClusterRow.Approval approval(Fleet fleet, ClusterSummary summary) {
    ClusterCaps caps = summary.capabilities();
    String key;
    String hostKey;
    try {
      Fingerprints current = fleet.governance().fingerprintsToPin(summary.name());
      key = ClusterReview.shownKey(summary.keyPath(), current.sshKey());
      hostKey = current.hostKey() != null ? current.hostKey() : summary.hostKeyFingerprint();
    } catch (RuntimeException e) {
      key = "cannot be read: " + e.getMessage();
      hostKey = summary.hostKeyFingerprint();
    }
    return new ClusterRow.Approval(
        summary.transport(),
        summary.host(),
        summary.port(),
        summary.user(),
        key,
        hostKey,
        summary.jumpHosts(),
        summary.scheduler(),
        summary.schedulerSettings(),
        caps == null ? List.of() : caps.partitions().stream().map(FleetView::partition).toList(),
        caps == null
            ? "not probed"
            : caps.gpus()
                + (caps.gpuTypes().isEmpty()
                    ? ""
                    : " (" + String.join(", ", caps.gpuTypes()) + ")"));
  }

  private static String partition(PartitionInfo p) {
    return p.name() + (p.isDefault() ? " (default)" : "");
  }

  /** "33.3 %"; {@code null} when unknown. */
  static String percent(BigDecimal percent) {
    return percent == null ? null : percent.setScale(1, RoundingMode.HALF_UP) + " %";
  }

  static String money(BigDecimal cost) {
    return cost.setScale(2, RoundingMode.HALF_UP).toPlainString();
  }

  /**
   * A cluster's row. A name this view does not show is asked of the core, so that an unknown one is
   * refused in the core's words (UNKNOWN_CLUSTER), the CLI's; one registered since the view was
   * built gets a row from what the core holds, without figures of its own yet.
   */
  ClusterRow row(String name, Fleet fleet) {
    ClusterRow shown = row(name);
    return shown != null
        ? shown
        : row(fleet, fleet.governance().cluster(name), null, RefreshStatus.NEVER);
  }

  /** The row of a cluster this view shows; {@code null} when it shows none of that name. */
  ClusterRow row(String name) {
    return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  long pending() {
    return rows.stream().filter(ClusterRow::pending).count();
  }
}
