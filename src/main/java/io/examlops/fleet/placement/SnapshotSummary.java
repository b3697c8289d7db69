package io.examlops.fleet.placement;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.NodeInventory;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A node snapshot as placement reads it. Each figure (the GPUs of a type in a partition, the nodes
 * of a partition, the partitions with GPUs of a type) is counted the first time a decision asks for
 * it, in one pass over the nodes, and kept: a one-off decision pays only for what it asks, and
 * every later decision on the same snapshot reads the figures without going over the nodes again.
 * Safe to share between threads.
 */
public final class SnapshotSummary {
  /**
   * A partition ({@code null}: the whole cluster) and a GPU type (lower case; {@code null}: any).
   */
  private record Scope(String partition, String gpuType) {}

  /**
   * Nodes of a partition.
   *
   * @param total all of them
   * @param takingWork those whose state takes work
   * @param idle those in state idle
   */
  public record NodeCount(int total, int takingWork, int idle) {}

  private final Instant takenAt;
  private final List<NodeInfo> nodes;
  private final Map<Scope, ScopeCapacity> gpus = new ConcurrentHashMap<>();
  private final Map<Scope, NodeCount> nodeCounts = new ConcurrentHashMap<>();
  private final Map<Scope, List<String>> partitionsWithGpus = new ConcurrentHashMap<>();
  private final Once<List<String>> partitions = new Once<>(this::countPartitions);
  private final Once<List<String>> gpuTypes = new Once<>(this::countGpuTypes);

  private SnapshotSummary(Instant takenAt, List<NodeInfo> nodes) {
    this.takenAt = takenAt;
    this.nodes = nodes;
  }

  public static SnapshotSummary of(NodeInventory snapshot) {
    return new SnapshotSummary(snapshot.takenAt(), snapshot.nodes());
  }

  /** When the snapshot was taken. */
  public Instant takenAt() {
    return takenAt;
  }

  /** Every partition or queue a node is in, by name. */
  public List<String> partitions() {
    return partitions.get();
  }

  /** The GPU types of the nodes, as first seen. */
  public List<String> gpuTypes() {
    return gpuTypes.get();
  }

  /** GPUs of {@code gpuType} (any when null) in {@code partition} (the whole cluster when null). */
  public ScopeCapacity gpus(String partition, String gpuType) {
    return gpus.computeIfAbsent(
        new Scope(partition, key(gpuType)), s -> ScopeCapacity.of(nodes, partition, gpuType));
  }

  /** Nodes of {@code partition} (the whole cluster when null). */
  public NodeCount nodes(String partition) {
    return nodeCounts.computeIfAbsent(new Scope(partition, null), s -> countNodes(partition));
  }

  /** The partitions with GPUs of {@code gpuType} (any when null), by name. */
  public List<String> partitionsWithGpus(String gpuType) {
    return partitionsWithGpus.computeIfAbsent(
        new Scope(null, key(gpuType)),
        s -> {
          Set<String> names = new TreeSet<>();
          for (NodeInfo node : nodes) {
            if (node.gpuCount(gpuType) > 0) {
              names.addAll(node.partitions());
            }
          }
          return List.copyOf(names);
        });
  }

  /** Whether any node has GPUs of {@code gpuType}. */
  public boolean hasGpus(String gpuType) {
    return gpus(null, gpuType).nodes() > 0;
  }

  private List<String> countPartitions() {
    Set<String> names = new TreeSet<>();
    nodes.forEach(n -> names.addAll(n.partitions()));
    return List.copyOf(names);
  }

  private List<String> countGpuTypes() {
    Set<String> types = new LinkedHashSet<>();
    nodes.forEach(n -> types.addAll(n.gpuTypes()));
    return List.copyOf(types);
  }

  private NodeCount countNodes(String partition) {
    int total = 0;
    int takingWork = 0;
    int idle = 0;
    for (NodeInfo node : nodes) {
      if (!node.inPartition(partition)) {
        continue;
      }
      total++;
      takingWork += node.state().acceptsWork() ? 1 : 0;
      idle += node.state() == NodeState.IDLE ? 1 : 0;
    }
    return new NodeCount(total, takingWork, idle);
  }

  /** GPU types match case-insensitively ({@code GpuGroup.matches}). */
  private static String key(String gpuType) {
    return gpuType == null ? null : gpuType.toLowerCase(Locale.ROOT);
  }

  /** A figure counted on first use. */
  private static final class Once<T> {
    private final Supplier<T> count;
    private volatile T value;

    Once(Supplier<T> count) {
      this.count = count;
    }

    T get() {
      T seen = value;
      if (seen == null) {
        // Two threads may both count; they count the same, so either answer may stay.
        seen = count.get();
        value = seen;
      }
      return seen;
    }
  }
}
