package io.examlops.fleet.scheduling.placement;

import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A node snapshot as placement reads it, summed in one pass over its nodes: the GPUs of every
 * partition (and of the whole cluster) per GPU type, and the nodes of every partition. Built once
 * per snapshot, it answers every placement decision without going over the nodes again.
 *
 * @param takenAt when the snapshot was taken
 * @param partitions every partition or queue a node is in, by name
 * @param gpuTypes the GPU types of the nodes, as first seen
 * @param gpus per partition ({@code null}: the whole cluster) and GPU type (lower case; {@code
 *     null}: any), the nodes with such GPUs
 * @param nodes per partition ({@code null}: the whole cluster), its nodes whatever their GPUs
 */
public record SnapshotSummary(
    Instant takenAt,
    List<String> partitions,
    List<String> gpuTypes,
    Map<Scope, ScopeCapacity> gpus,
    Map<String, NodeCount> nodes) {

  /** A partition ({@code null}: the whole cluster) and a GPU type ({@code null}: any). */
  public record Scope(String partition, String gpuType) {}

  /**
   * Nodes of a partition.
   *
   * @param total all of them
   * @param takingWork those whose state takes work
   * @param idle those in state idle
   */
  public record NodeCount(int total, int takingWork, int idle) {}

  public SnapshotSummary {
    partitions = List.copyOf(partitions);
    gpuTypes = List.copyOf(gpuTypes);
    gpus = Map.copyOf(gpus);
    // Map.copyOf refuses the null key of the whole cluster
    nodes = Collections.unmodifiableMap(new HashMap<>(nodes));
  }

  public static SnapshotSummary of(NodeInventory snapshot) {
    Set<String> partitions = new TreeSet<>();
    Set<String> types = new LinkedHashSet<>();
    Map<Scope, ScopeCapacity.Tally> tallies = new HashMap<>();
    Map<String, int[]> counts = new HashMap<>();
    for (NodeInfo node : snapshot.nodes()) {
      partitions.addAll(node.partitions());
      types.addAll(node.gpuTypes());
      List<String> where = new ArrayList<>(node.partitions());
      where.add(null);
      List<String> ofType = new ArrayList<>();
      if (node.gpuCount() > 0) {
        ofType.add(null);
        node.gpuTypes().stream().map(SnapshotSummary::key).distinct().forEach(ofType::add);
      }
      for (String partition : where) {
        count(counts.computeIfAbsent(partition, p -> new int[3]), node);
        for (String type : ofType) {
          tallies
              .computeIfAbsent(new Scope(partition, type), s -> new ScopeCapacity.Tally())
              .add(node, type);
        }
      }
    }
    Map<Scope, ScopeCapacity> gpus = new HashMap<>();
    tallies.forEach((s, t) -> gpus.put(s, t.scope(s.partition(), s.gpuType())));
    Map<String, NodeCount> nodes = new HashMap<>();
    counts.forEach((p, c) -> nodes.put(p, new NodeCount(c[0], c[1], c[2])));
    return new SnapshotSummary(
        snapshot.takenAt(), new ArrayList<>(partitions), new ArrayList<>(types), gpus, nodes);
  }

  private static void count(int[] count, NodeInfo node) {
    count[0]++;
    if (node.state().acceptsWork()) {
      count[1]++;
    }
    if (node.state() == NodeState.IDLE) {
      count[2]++;
    }
  }

  /** GPUs of {@code gpuType} (any when null) in {@code partition} (the whole cluster when null). */
  public ScopeCapacity gpus(String partition, String gpuType) {
    ScopeCapacity scope = gpus.get(new Scope(partition, key(gpuType)));
    return scope == null ? ScopeCapacity.none(partition, gpuType) : scope;
  }

  /** Nodes of {@code partition} (the whole cluster when null). */
  public NodeCount nodes(String partition) {
    return nodes.getOrDefault(partition, new NodeCount(0, 0, 0));
  }

  /** The partitions with GPUs of {@code gpuType} (any when null), by name. */
  public List<String> partitionsWithGpus(String gpuType) {
    return partitions.stream().filter(p -> gpus.containsKey(new Scope(p, key(gpuType)))).toList();
  }

  /** Whether any node has GPUs of {@code gpuType}. */
  public boolean hasGpus(String gpuType) {
    return gpus.containsKey(new Scope(null, key(gpuType)));
  }

  /** GPU types match case-insensitively ({@code GpuGroup.matches}). */
  private static String key(String gpuType) {
    return gpuType == null ? null : gpuType.toLowerCase(Locale.ROOT);
  }
}
