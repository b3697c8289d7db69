package io.examlops.fleet.console;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code /metrics} in the Prometheus text format (version 0.0.4), from the fleet view: GPUs total
 * and idle per cluster, partition and GPU type, nodes by state, cluster state, snapshot age and
 * refresh failures. A figure that is unknown is left out, never written as 0.
 */
final class Metrics {
  private Metrics() {}

  static String render(FleetView view, Map<String, RefreshStatus> refresh, Clock clock) {
    StringBuilder out = new StringBuilder(16_384);
    Instant now = clock.instant();
    header(
        out,
        "exa_cluster_state",
        "gauge",
        "1 for the state the cluster is in (PENDING, ACTIVE, REJECTED), with schedulable");
    for (ClusterRow row : view.rows()) {
      for (String state : List.of("PENDING", "ACTIVE", "REJECTED")) {
        sample(
            out,
            "exa_cluster_state",
            labels(
                "cluster",
                row.name(),
                "state",
                state,
                "schedulable",
                Boolean.toString(row.summary().schedulable())),
            row.summary().state().name().equals(state) ? 1 : 0);
      }
    }
    // One family's samples stay together, as the format asks.
    StringBuilder total = new StringBuilder();
    StringBuilder idle = new StringBuilder();
    StringBuilder nodes = new StringBuilder();
    for (var entry : new TreeMap<>(view.nodes()).entrySet()) {
      gpus(total, idle, nodes, entry.getKey(), entry.getValue());
    }
    header(out, "exa_gpus_total", "gauge", "GPUs per cluster, partition and GPU type");
    out.append(total);
    header(
        out,
        "exa_gpus_idle",
        "gauge",
        "idle GPUs per cluster, partition and GPU type (absent when unknown)");
    out.append(idle);
    header(out, "exa_nodes", "gauge", "nodes per cluster by normalized state");
    out.append(nodes);
    header(out, "exa_snapshot_age_seconds", "gauge", "age of the cluster's latest snapshot");
    for (ClusterRow row : view.rows()) {
      if (row.snapshotAt() != null) {
        sample(
            out,
            "exa_snapshot_age_seconds",
            labels("cluster", row.name()),
            Duration.between(row.snapshotAt(), now).toMillis() / 1000.0);
      }
    }
    header(out, "exa_refresh_failures", "gauge", "failed refreshes in a row per cluster");
    for (var entry : new TreeMap<>(refresh).entrySet()) {
      sample(
          out,
          "exa_refresh_failures",
          labels("cluster", entry.getKey()),
          entry.getValue().failures());
    }
    return out.toString();
  }

  private static void gpus(
      StringBuilder total,
      StringBuilder idle,
      StringBuilder nodeStates,
      String cluster,
      List<NodeInfo> nodes) {
    Map<List<String>, long[]> gpus = new TreeMap<>(Metrics::compare);
    Map<NodeState, Integer> states = new TreeMap<>();
    for (NodeInfo node : nodes) {
      states.merge(node.state(), 1, Integer::sum);
      List<String> types = node.gpuTypes();
      String type = types.isEmpty() ? "untyped" : String.join("+", types);
      for (String partition : node.partitions().isEmpty() ? List.of("") : node.partitions()) {
        long[] figures = gpus.computeIfAbsent(List.of(partition, type), k -> new long[] {0, 0, 1});
        figures[0] += node.gpuCount();
        if (node.idleGpus().isPresent() && figures[2] == 1) {
          figures[1] += node.state().acceptsWork() ? node.idleGpus().getAsInt() : 0;
        } else {
          figures[2] = 0;
        }
      }
    }
    for (var g : gpus.entrySet()) {
      if (g.getValue()[0] == 0) {
        continue;
      }
      String l =
          labels("cluster", cluster, "partition", g.getKey().get(0), "gpu_type", g.getKey().get(1));
      sample(total, "exa_gpus_total", l, g.getValue()[0]);
      if (g.getValue()[2] == 1) {
        sample(idle, "exa_gpus_idle", l, g.getValue()[1]);
      }
    }
    for (var s : states.entrySet()) {
      sample(
          nodeStates,
          "exa_nodes",
          labels("cluster", cluster, "state", s.getKey().label()),
          s.getValue());
    }
  }

  private static int compare(List<String> a, List<String> b) {
    int c = a.get(0).compareTo(b.get(0));
    return c != 0 ? c : a.get(1).compareTo(b.get(1));
  }

  private static void header(StringBuilder out, String name, String type, String help) {
    out.append("# HELP ").append(name).append(' ').append(help).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void sample(StringBuilder out, String name, String labels, double value) {
    out.append(name).append(labels).append(' ');
    if (value == Math.rint(value)) {
      out.append((long) value);
    } else {
      out.append(value);
    }
    out.append('\n');
  }

  /** Label values escaped as the format asks: backslash, double quote and newline. */
  private static String labels(String... pairs) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < pairs.length; i += 2) {
      if (i > 0) {
        out.append(',');
      }
      out.append(pairs[i])
          .append("=\"")
          .append(pairs[i + 1].replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
          .append('"');
    }
    return out.append('}').toString();
  }
}
