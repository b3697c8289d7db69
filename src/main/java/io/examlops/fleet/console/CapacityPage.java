package io.examlops.fleet.console;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.model.capacity.ModelHours;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The capacity dashboard's tables, from the fleet view and the tracked jobs.
 *
 * @param fleet the fleet's totals over {@code clusters}
 * @param currency what {@code rate} and every cost are in (GPU_COST_CURRENCY)
 */
public record CapacityPage(
    PageFrame frame,
    List<ClusterRow> clusters,
    Total fleet,
    List<Group> partitions,
    List<Group> types,
    List<ModelUse> models,
    String rate,
    String currency)
    implements Page {

  @Override
  public String template() {
    return "capacity.jte";
  }

  /**
   * Free and total GPUs of one partition or GPU type of a cluster; free is {@code null} when a node
   * did not say how many of its GPUs are in use.
   */
  public record Group(String cluster, String group, Integer free, int total) {}

  /** The fleet's line under the clusters' lines; {@code null} figures are unknown. */
  public record Total(String freeGpus, String utilization, String gpuHours, String cost) {
    static Total of(FleetCapacity capacity) {
      return new Total(
          ClusterRow.free(capacity.totalGpus(), capacity.idleGpus()),
          FleetView.percent(capacity.utilizationPercent()),
          capacity.gpuHours().describe(),
          capacity.cost() == null ? null : FleetView.money(capacity.cost()));
    }
  }

  /**
   * GPU-hours and cost of one model's tracked jobs, counted as each cluster's are; unknown
   * GPU-hours are counted apart.
   */
  public record ModelUse(String model, int jobs, String gpuHours, String cost) {}

  static CapacityPage of(PageFrame frame, FleetView view, List<ModelHours> byModel) {
    BigDecimal rate = view.capacity().rate();
    List<ClusterRow> active = view.rows().stream().filter(ClusterRow::active).toList();
    List<Group> partitions = new ArrayList<>();
    List<Group> types = new ArrayList<>();
    for (ClusterRow row : active) {
      List<NodeInfo> nodes = view.nodes().getOrDefault(row.name(), List.of());
      partitions.addAll(groups(row.name(), nodes, NodeInfo::partitions));
      types.addAll(
          groups(
              row.name(), nodes, n -> n.gpuTypes().isEmpty() ? List.of("untyped") : n.gpuTypes()));
    }
    return new CapacityPage(
        frame,
        active,
        Total.of(view.capacity()),
        partitions,
        types,
        models(byModel, rate),
        rate.toPlainString(),
        view.capacity().currency());
  }

  /**
   * GPUs summed per group; a node of several types adds all its GPUs to each, so only single-type
   * nodes (the common case) give exact per-type figures.
   */
  private static List<Group> groups(
      String cluster, List<NodeInfo> nodes, Function<NodeInfo, List<String>> keys) {
    Map<String, int[]> sums = new TreeMap<>();
    for (NodeInfo node : nodes) {
      if (node.gpuCount() == 0) {
        continue;
      }
      for (String key : keys.apply(node)) {
        int[] s = sums.computeIfAbsent(key, k -> new int[] {0, 0, 1});
        s[1] += node.gpuCount();
        if (node.idleGpus().isEmpty()) {
          s[2] = 0;
        } else if (node.state().acceptsWork()) {
          s[0] += node.idleGpus().getAsInt();
        }
      }
    }
    List<Group> groups = new ArrayList<>();
    sums.forEach((k, s) -> groups.add(new Group(cluster, k, s[2] == 1 ? s[0] : null, s[1])));
    return groups;
  }

  private static List<ModelUse> models(List<ModelHours> byModel, BigDecimal rate) {
    List<ModelUse> uses = new ArrayList<>();
    for (ModelHours m : byModel) {
      GpuHoursTally t = m.hours();
      String cost =
          t.unknownJobs() == t.jobs()
              ? null
              : GpuHoursTally.shown(t.known().multiply(rate)) + (t.complete() ? "" : " (at least)");
      uses.add(
          new ModelUse(
              m.model() == null ? "(none)" : m.model(),
              t.jobs(),
              GpuHoursTally.shown(t.known()) + t.unknownPart(),
              cost));
    }
    return uses;
  }
}
