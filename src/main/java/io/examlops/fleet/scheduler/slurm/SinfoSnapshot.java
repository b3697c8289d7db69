package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.PartitionInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one sinfo call said: every node once (partitions merged) and the partitions seen.
 *
 * @param nodes nodes in first-seen order, each with all its partitions
 * @param partitions partitions in first-seen order
 */
public record SinfoSnapshot(List<NodeInfo> nodes, List<PartitionInfo> partitions) {
  public SinfoSnapshot {
    nodes = List.copyOf(nodes);
    partitions = List.copyOf(partitions);
  }

  /**
   * Collects per-partition node records ({@code sinfo -N} prints a node once per partition) into
   * one {@link NodeInfo} per node, keeping the first record's figures.
   */
  static final class Builder {
    private final Map<String, NodeInfo> nodes = new LinkedHashMap<>();
    private final Map<String, PartitionInfo> partitions = new LinkedHashMap<>();

    /** Adds a node record; its partitions are appended to those already seen for that node. */
    void node(NodeInfo record) {
      NodeInfo known = nodes.get(record.name());
      if (known == null) {
        nodes.put(record.name(), record);
        return;
      }
      List<String> merged = new ArrayList<>(known.partitions());
      for (String partition : record.partitions()) {
        if (!merged.contains(partition)) {
          merged.add(partition);
        }
      }
      nodes.put(
          known.name(),
          new NodeInfo(
              known.name(),
              known.cpus(),
              known.memoryMb(),
              known.gpus(),
              known.gpusInUse(),
              known.state(),
              known.rawState(),
              merged,
              known.features(),
              known.reason()));
    }

    /** Adds a partition unless already known; a later record that marks it default wins. */
    void partition(PartitionInfo partition) {
      partitions.merge(
          partition.name(),
          partition,
          (old, now) -> now.isDefault() && !old.isDefault() ? now : old);
    }

    SinfoSnapshot build() {
      return new SinfoSnapshot(
          new ArrayList<>(nodes.values()), new ArrayList<>(partitions.values()));
    }
  }

  /** A partition as sinfo's %P prints it: the default one carries a trailing '*'. */
  static PartitionInfo partition(String token, Long maxTimeMinutes) {
    boolean isDefault = token.endsWith("*");
    String name = isDefault ? token.substring(0, token.length() - 1) : token;
    return new PartitionInfo(name, isDefault, maxTimeMinutes);
  }

  /** A node's reason as sinfo prints it; "none" (sinfo's word for no reason) means none. */
  static String reason(String text) {
    return text == null || text.isBlank() || text.strip().equals("none") ? null : text.strip();
  }

  /** A comma-separated feature list; "(null)" and empty mean none. */
  static List<String> features(String text) {
    if (text == null || text.isBlank() || text.equals("(null)")) {
      return List.of();
    }
    return java.util.Arrays.stream(text.split(","))
        .map(String::trim)
        .filter(s -> !s.isEmpty())
        .toList();
  }
}
