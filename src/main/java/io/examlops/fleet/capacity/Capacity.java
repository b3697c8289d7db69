package io.examlops.fleet.capacity;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.capacity.ClusterCapacity;
import io.examlops.fleet.model.capacity.ClusterCapacity.Source;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** Totals, idle, utilization, GPU-hours and cost per cluster and for the fleet: pure arithmetic. */
public final class Capacity {
  private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

  private Capacity() {}

  /**
   * @param rate the price of one GPU-hour
   * @param currency what the rate is in
   */
  public static FleetCapacity report(
      List<ClusterUsage> clusters, BigDecimal rate, String currency) {
    Objects.requireNonNull(rate, "rate");
    Objects.requireNonNull(currency, "currency");
    List<ClusterUsage> byName =
        clusters.stream().sorted(Comparator.comparing(ClusterUsage::cluster)).toList();
    Map<String, String> firstOfInstance = new HashMap<>();
    List<ClusterCapacity> lines = new ArrayList<>();
    for (ClusterUsage usage : byName) {
      ClusterCapacity line = cluster(usage, rate);
      String first =
          usage.instance() == null
              ? null
              : firstOfInstance.putIfAbsent(usage.instance(), usage.cluster());
      lines.add(first == null ? line : line.sameInstanceAs(first));
    }
    // One instance registered twice (locally and over SSH) holds its GPUs once.
    List<ClusterCapacity> counted = lines.stream().filter(l -> l.sameInstanceAs() == null).toList();
    Integer total = sum(counted, ClusterCapacity::totalGpus);
    Integer inUse = sum(counted, ClusterCapacity::gpusInUse);
    GpuHoursTally hours =
        lines.stream()
            .map(ClusterCapacity::gpuHours)
            .reduce(GpuHoursTally.NONE, GpuHoursTally::plus);
    return new FleetCapacity(
        lines,
        rate,
        currency,
        total,
        sum(counted, ClusterCapacity::idleGpus),
        percent(inUse, total),
        hours,
        cost(hours, rate));
  }

  static ClusterCapacity cluster(ClusterUsage usage, BigDecimal rate) {
    GpuHoursTally hours = usage.gpuHours();
    BigDecimal cost = cost(hours, rate);
    if (usage.snapshot() != null) {
      List<NodeInfo> nodes = usage.snapshot().nodes();
      int total = nodes.stream().mapToInt(NodeInfo::gpuCount).sum();
      Integer idle = sum(nodes, n -> n.idleGpus().isPresent() ? n.idleGpus().getAsInt() : null);
      Integer inUse = sum(nodes, Capacity::inUse);
      return new ClusterCapacity(
          usage.cluster(),
          Source.SNAPSHOT,
          usage.snapshot().takenAt(),
          total,
          idle,
          inUse,
          percent(inUse, total),
          hours,
          cost,
          null);
    }
    if (usage.declared() != null) {
      return new ClusterCapacity(
          usage.cluster(),
          Source.DECLARED,
          null,
          usage.declared().gpus(),
          usage.declared().idleGpus(),
          null,
          null,
          hours,
          cost,
          null);
    }
    return new ClusterCapacity(
        usage.cluster(), Source.NONE, null, null, null, null, null, hours, cost, null);
  }

  /**
   * GPUs a node's jobs hold: the scheduler's figure; else none on an idle or down node (nothing
   * runs there); else unknown.
   */
  static Integer inUse(NodeInfo node) {
    if (node.gpusInUse() != null) {
      return node.gpusInUse();
    }
    return node.state() == NodeState.IDLE || node.state() == NodeState.DOWN || node.gpuCount() == 0
        ? Integer.valueOf(0)
        : null;
  }

  /** The sum of the figures; {@code null} when any is unknown. */
  private static <T> Integer sum(List<T> items, Function<T, Integer> figure) {
    int sum = 0;
    for (T item : items) {
      Integer value = figure.apply(item);
      if (value == null) {
        return null;
      }
      sum += value;
    }
    return sum;
  }

  private static BigDecimal percent(Integer part, Integer whole) {
    if (part == null || whole == null || whole == 0) {
      return null;
    }
    return BigDecimal.valueOf(part)
        .multiply(HUNDRED)
        .divide(BigDecimal.valueOf(whole), 1, RoundingMode.HALF_UP);
  }

  private static BigDecimal cost(GpuHoursTally hours, BigDecimal rate) {
    return hours.known().multiply(rate).setScale(2, RoundingMode.HALF_UP);
  }
}
