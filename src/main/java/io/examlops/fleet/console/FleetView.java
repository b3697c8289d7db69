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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Everything the pages, the REST reads and /metrics show, read from the stores: the clusters, their
 * latest snapshots and the capacity report. Built from stored data only (no scheduler is asked),
 * and built again when the stores change.
 *
 * <p>Only the clusters are read when a view is built; the capacity report, the rows and the nodes
 * (100 clusters' snapshots, read twice, and a key file each) are each worked out when a request
 * first needs them, once per view ({@link Once}): a REST read of the clusters never waits for the
 * snapshots, and the 500 pages that fetch themselves after a change share one capacity report. The
 * rows keep the key fingerprints of the view before for a cluster whose entry did not change: key
 * files are not recorded in the stores, and are read again in the background ({@link #refreshed}).
 */
final class FleetView {
  /** Each cluster's nodes in its latest snapshot, and whether some were read live (the mock). */
  private record Nodes(Map<String, List<NodeInfo>> byCluster, boolean live) {}

  private final List<ClusterSummary> clusters;
  private final Once<FleetCapacity> capacity;
  private final Once<Nodes> nodes;
  private final Once<List<ClusterRow>> rows;

  private FleetView(
      List<ClusterSummary> clusters,
      Once<FleetCapacity> capacity,
      Once<Nodes> nodes,
      Function<FleetView, List<ClusterRow>> rows) {
    this.clusters = clusters;
    this.capacity = capacity;
    this.nodes = nodes;
    this.rows = new Once<>(() -> rows.apply(this));
  }

  static FleetView build(Fleet fleet, Function<String, RefreshStatus> refresh) {
    return build(fleet, refresh, null);
  }

  /**
   * The view of the stores as they are now.
   *
   * @param before the view before, whose key fingerprints a cluster with the same entry keeps;
   *     {@code null} when there is none
   */
  static FleetView build(Fleet fleet, Function<String, RefreshStatus> refresh, FleetView before) {
    List<ClusterSummary> summaries = fleet.governance().clusters().clusters();
    Map<ClusterSummary, ClusterRow.Approval> known =
        before == null || !before.rows.known()
            ? Map.of()
            : before.rows().stream()
                .collect(Collectors.toMap(ClusterRow::summary, ClusterRow::approval, (a, b) -> a));
    return new FleetView(
        summaries,
        new Once<>(
            () -> fleet.capacity().capacity(Refresher.AS, new CapacityRequest(ReadFrom.STORE))),
        new Once<>(() -> nodes(fleet, summaries)),
        view -> view.rows(fleet, refresh, known));
  }

  private static Nodes nodes(Fleet fleet, List<ClusterSummary> summaries) {
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
    return new Nodes(Map.copyOf(nodes), live);
  }

  /**
   * The view again with what no store records brought up to date, worked out here (in the
   * background) so that no request waits for it: the key files' fingerprints, the refresher's news,
   * the mock's live node. Unless a cluster is read live, the stored parts (100,000 nodes in a large
   * fleet) are kept as they are: they change only with the stores.
   */
  FleetView refreshed(Fleet fleet, Function<String, RefreshStatus> refresh) {
    FleetView view =
        live()
            ? build(fleet, refresh)
            : new FleetView(clusters, capacity, nodes, v -> v.rows(fleet, refresh, Map.of()));
    view.rows();
    return view;
  }

  List<ClusterSummary> clusters() {
    return clusters;
  }

  FleetCapacity capacity() {
    return capacity.get();
  }

  /** Each cluster's nodes in its latest snapshot (the mock's live node); absent when none. */
  Map<String, List<NodeInfo>> nodes() {
    return nodes.get().byCluster();
  }

  /** Whether some cluster's nodes were read live rather than from a snapshot (the mock). */
  boolean live() {
    return nodes.get().live();
  }

  List<ClusterRow> rows() {
    return rows.get();
  }

  private List<ClusterRow> rows(
      Fleet fleet,
      Function<String, RefreshStatus> refresh,
      Map<ClusterSummary, ClusterRow.Approval> known) {
    Map<String, ClusterCapacity> byCluster =
        capacity().clusters().stream()
            .collect(Collectors.toMap(ClusterCapacity::cluster, c -> c, (a, b) -> a));
    return clusters.stream()
        .map(
            s ->
                row(
                    s,
                    byCluster.get(s.name()),
                    refresh.apply(s.name()),
                    known.containsKey(s) ? known.get(s) : approval(fleet, s)))
        .toList();
  }

  private static ClusterRow row(
      ClusterSummary summary,
      ClusterCapacity capacity,
      RefreshStatus refresh,
      ClusterRow.Approval approval) {
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
        approval,
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
    if (shown != null) {
      return shown;
    }
    ClusterSummary summary = fleet.governance().cluster(name);
    return row(summary, null, RefreshStatus.NEVER, approval(fleet, summary));
  }

  /** A cluster's entry, as {@link #row(String, Fleet)} finds it, without working out the rows. */
  ClusterSummary summary(String name, Fleet fleet) {
    return clusters.stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseGet(() -> fleet.governance().cluster(name));
  }

  /** The row of a cluster this view shows; {@code null} when it shows none of that name. */
  ClusterRow row(String name) {
    return rows().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  long pending() {
    return clusters.stream().filter(ClusterRow::pending).count();
  }
}
