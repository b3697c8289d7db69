package io.examlops.fleet.mcp;

import io.examlops.fleet.ClusterSummary;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.CostRate;
import io.examlops.fleet.capacity.FleetCapacity;
import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.scheduling.JobService;
import io.examlops.fleet.scheduling.backend.TimeLimits;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import io.examlops.fleet.scheduling.preflight.PreflightReport;
import io.examlops.fleet.scheduling.preflight.PreflightRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * What each tool does: reads its arguments, calls the application API, and shapes the answer as
 * the CLI's {@code --json} does for the same operation. Holds no rule of its own.
 */
final class FleetTools {
  private final Map<String, String> env;
  private final Clock clock;
  private final Fleet fleet;
  private final Map<String, BiFunction<ToolArguments, String, ToolReply>> handlers =
      new HashMap<>();

  FleetTools(Map<String, String> env, Clock clock) {
    this.env = Map.copyOf(env);
    this.clock = clock;
    this.fleet = new Fleet(env, clock);
    handlers.put("hpc_clusters", (args, client) -> clusters());
    handlers.put("hpc_nodes", (args, client) -> nodes(args));
    handlers.put("hpc_place", (args, client) -> place(args));
    handlers.put("hpc_jobs", (args, client) -> jobs(args));
    handlers.put("hpc_capacity", (args, client) -> capacity());
    handlers.put("hpc_queue", (args, client) -> queue(args));
    handlers.put("hpc_preflight", (args, client) -> preflight(args));
    handlers.put("hpc_approve_cluster", this::approve);
    handlers.put("hpc_reject_cluster", this::reject);
  }

  /** The names of the tools this class answers, to check the catalog against. */
  java.util.Set<String> names() {
    return handlers.keySet();
  }

  /**
   * Runs a tool. Calls run one at a time: the core is built for one caller per process, as the CLI
   * is, and an agent's calls are seconds apart.
   *
   * @param client the client's declared name, for the audit trail of a write
   */
  synchronized ToolReply call(String tool, ToolArguments args, String client) {
    var handler = handlers.get(tool);
    if (handler == null) {
      throw new IllegalStateException("no handler for tool " + tool);
    }
    return handler.apply(args, client);
  }

  private ToolReply clusters() {
    List<ClusterSummary> clusters = fleet.clusters().stream().map(ClusterSummary::of).toList();
    String summary =
        clusters.isEmpty()
            ? "No cluster is registered."
            : clusters.size()
                + (clusters.size() == 1 ? " cluster: " : " clusters: ")
                + clusters.stream()
                    .map(
                        c ->
                            c.name()
                                + " "
                                + c.state()
                                + (c.schedulable() ? ", schedulable" : ", not schedulable"))
                    .collect(Collectors.joining("; "));
    return new ToolReply(Map.of("clusters", clusters), summary);
  }

  private ToolReply nodes(ToolArguments args) {
    String name = args.text("cluster");
    RegisteredCluster cluster = fleet.connections().cluster(name);
    boolean mock = cluster.definition() != null
        && cluster.definition().scheduler() == SchedulerKind.MOCK;
    var snapshot = args.flag("live", false) || mock
        ? java.util.Optional.<NodeSnapshot>empty()
        : fleet.latestSnapshot(name);
    String scheduler;
    String target;
    Instant takenAt;
    Long snapshotId;
    List<NodeInfo> nodes;
    if (snapshot.isPresent()) {
      scheduler = scheduler(cluster);
      target = target(cluster.definition());
      takenAt = snapshot.get().takenAt();
      snapshotId = snapshot.get().id();
      nodes = snapshot.get().nodes();
    } else {
      NodeInventory live = fleet.clusterNodes(name);
      scheduler = live.scheduler().label();
      target = live.target();
      takenAt = live.takenAt();
      snapshotId = null;
      nodes = live.nodes();
    }
    String state = args.text("state");
    String partition = args.text("partition");
    List<NodeInfo> shown =
        nodes.stream()
            .filter(n -> state == null || n.state().label().equals(state))
            .filter(n -> partition == null || n.partitions().contains(partition))
            .toList();
    Duration age = Duration.between(takenAt, clock.instant());
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("cluster", name);
    json.put("scheduler", scheduler);
    json.put("target", target);
    json.put("takenAt", takenAt);
    json.put("snapshotId", snapshotId);
    json.put("age", age.isNegative() ? Duration.ZERO : age);
    json.put("nodes", shown);
    int idle = shown.stream().mapToInt(n -> n.idleGpus().orElse(0)).sum();
    String summary =
        shown.size() + " of " + nodes.size() + " nodes of " + name
            + (snapshotId == null ? ", read live" : " from snapshot " + snapshotId + ", taken "
                + Math.max(0, age.toSeconds()) + " s ago")
            + "; " + shown.stream().mapToInt(NodeInfo::gpuCount).sum() + " GPUs, " + idle
            + " known idle";
    return new ToolReply(json, summary);
  }

  private static String scheduler(RegisteredCluster cluster) {
    return cluster.definition() != null
        ? cluster.definition().scheduler().label()
        : cluster.governance().scheduler().label();
  }

  private static String target(ClusterDefinition definition) {
    if (definition == null || definition.host() == null) {
      return "local";
    }
    return definition.user() + "@" + definition.host() + ":" + definition.port();
  }

  private ToolReply place(ToolArguments args) {
    PlacementRequest request =
        new PlacementRequest(
            args.whole("gpus"), args.whole("nodes"), args.text("gpuType"), args.text("partition"));
    String cluster = args.text("cluster");
    PlacementResult result;
    if (cluster == null) {
      result = fleet.scheduling().place(request);
    } else {
      fleet.connections().requireSchedulable(cluster);
      result = fleet.scheduling().placeIn(cluster, request);
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("chosen", result.chosen().map(Verdict::cluster).orElse(null));
    json.put("partition", result.chosen().map(Verdict::partition).orElse(null));
    json.put("explanation", result.explanation());
    json.put("request", result.request());
    json.put("candidates", result.verdicts());
    return new ToolReply(json, result.explanation());
  }

  private ToolReply jobs(ToolArguments args) {
    String state = args.text("state");
    JobState wanted = state == null ? null : JobState.valueOf(state.toUpperCase(Locale.ROOT));
    JobService.Listing listing =
        fleet
            .jobs()
            .list(
                new JobStore.Filter(args.text("cluster"), args.text("model"), wanted),
                args.flag("refresh", true));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("jobs", listing.jobs());
    json.put("notes", listing.notes());
    Map<String, Long> byState =
        listing.jobs().stream()
            .collect(
                Collectors.groupingBy(
                    j -> j.state().label(), java.util.TreeMap::new, Collectors.counting()));
    String summary =
        listing.jobs().size() + (listing.jobs().size() == 1 ? " tracked job" : " tracked jobs")
            + (byState.isEmpty() ? "" : " (" + byState.entrySet().stream()
                .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")) + ")")
            + (listing.notes().isEmpty() ? "" : "; " + String.join("; ", listing.notes()));
    return new ToolReply(json, summary);
  }

  private ToolReply capacity() {
    // A bad rate is refused before the jobs are followed (which may write their new states).
    CostRate.fromEnvironment(env);
    fleet.jobs().list(JobStore.Filter.ALL, true);
    FleetCapacity capacity = fleet.scheduling().capacity(env);
    String summary =
        capacity.clusters().size() + " ACTIVE clusters: " + known(capacity.idleGpus())
            + " of " + known(capacity.totalGpus()) + " GPUs idle, utilization "
            + known(capacity.utilizationPercent()) + " %, cost " + known(capacity.cost())
            + " at " + capacity.rate().toPlainString() + " per GPU-hour";
    return new ToolReply(capacity, summary);
  }

  private static String known(Object figure) {
    return figure == null ? "unknown" : figure.toString();
  }

  private ToolReply queue(ToolArguments args) {
    String name = args.text("cluster");
    List<QueueEntry> entries = fleet.jobs().queue(name);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("cluster", name);
    json.put("jobs", entries);
    long pending = entries.stream().filter(e -> e.state() == JobState.PENDING).count();
    return new ToolReply(
        json, entries.size() + " jobs in the queue of " + name + ", " + pending + " pending");
  }

  private ToolReply preflight(ToolArguments args) {
    String cluster = args.text("cluster");
    String time = args.text("time");
    PreflightRequest request =
        new PreflightRequest(
            args.whole("gpus"),
            args.whole("nodes"),
            args.text("partition"),
            args.text("account"),
            time == null ? null : timeLimit(time));
    PreflightReport report = fleet.scheduling().preflight(cluster, request, fleet.actor());
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("cluster", report.cluster());
    json.put("result", report.overall());
    json.put("checks", report.checks());
    String summary =
        "preflight " + (report.failed() ? "FAILED" : "passed") + " for " + report.cluster() + ": "
            + report.checks().stream()
                .map(c -> c.name().name().toLowerCase(Locale.ROOT) + " "
                    + c.status().name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    return new ToolReply(json, summary);
  }

  private static Duration timeLimit(String time) {
    try {
      return TimeLimits.parse(time);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("argument time: " + e.getMessage(), e);
    }
  }

  private ToolReply approve(ToolArguments args, String client) {
    RegisteredCluster cluster = writer(client).approve(args.text("cluster"));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("name", cluster.name());
    json.put("state", cluster.state());
    json.put("approvedBy", cluster.governance().decidedBy());
    json.put("approvedAt", cluster.governance().decidedAt());
    json.put("pinned", cluster.governance().pinned());
    return new ToolReply(
        json, "Approved " + cluster.name() + ": ACTIVE, by " + cluster.governance().decidedBy());
  }

  private ToolReply reject(ToolArguments args, String client) {
    RegisteredCluster cluster = writer(client).reject(args.text("cluster"), args.text("reason"));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("name", cluster.name());
    json.put("state", cluster.state());
    json.put("rejectedBy", cluster.governance().decidedBy());
    json.put("rejectedAt", cluster.governance().decidedAt());
    json.put("reason", cluster.governance().reason());
    return new ToolReply(
        json,
        "Rejected " + cluster.name() + " by " + cluster.governance().decidedBy() + ": "
            + cluster.governance().reason());
  }

  /** The fleet acting as the operating-system user through this client: {@code ann via mcp:x}. */
  private Fleet writer(String client) {
    Map<String, String> acting = new HashMap<>(env);
    acting.put(Fleet.ACTOR_VARIABLE, fleet.actor() + " via mcp:" + client);
    return new Fleet(acting, clock);
  }
}
