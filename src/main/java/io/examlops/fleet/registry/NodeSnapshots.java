package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.NodeState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Rows of {@code hpc_node_snapshots} and {@code hpc_nodes}. */
final class NodeSnapshots {
  /** Older snapshots of a cluster beyond this many are deleted when a new one is saved. */
  static final int KEPT_PER_CLUSTER = 20;

  private static final TypeReference<List<GpuGroup>> GPU_GROUPS = new TypeReference<>() {};
  private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {};

  private NodeSnapshots() {}

  /** Saves the nodes as a new snapshot and returns its id; the caller's transaction commits it. */
  static long save(Connection c, String cluster, Instant at, String actor, List<NodeInfo> nodes)
      throws SQLException {
    Set<String> names = new HashSet<>();
    for (NodeInfo node : nodes) {
      if (!names.add(node.name())) {
        throw new RegistryException(
            "node '"
                + node.name()
                + "' appears twice in the inventory of cluster '"
                + cluster
                + "'; nothing was saved");
      }
    }
    long id;
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO hpc_node_snapshots (cluster, taken_at, taken_by, node_count)"
                + " VALUES (?, ?, ?, ?)",
            Statement.RETURN_GENERATED_KEYS)) {
      s.setString(1, cluster);
      s.setString(2, Timestamps.format(at));
      s.setString(3, actor);
      s.setInt(4, nodes.size());
      s.executeUpdate();
      try (ResultSet keys = s.getGeneratedKeys()) {
        keys.next();
        id = keys.getLong(1);
      }
    }
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO hpc_nodes (snapshot_id, position, name, cpus, memory_mb, gpu_count,"
                + " gpus_json, gpus_in_use, state, raw_state, partitions_json, features_json,"
                + " reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      int position = 0;
      for (NodeInfo node : nodes) {
        s.setLong(1, id);
        s.setInt(2, position++);
        s.setString(3, node.name());
        s.setInt(4, node.cpus());
        s.setLong(5, node.memoryMb());
        s.setInt(6, node.gpuCount());
        s.setString(7, RegistryJson.write(node.gpus()));
        JobStore.setInteger(s, 8, node.gpusInUse());
        s.setString(9, node.state().name());
        s.setString(10, node.rawState());
        s.setString(11, RegistryJson.write(node.partitions()));
        s.setString(12, RegistryJson.write(node.features()));
        s.setString(13, node.reason());
        s.addBatch();
      }
      s.executeBatch();
    }
    Sql.update(
        c,
        "DELETE FROM hpc_node_snapshots WHERE cluster = ? AND id NOT IN"
            + " (SELECT id FROM hpc_node_snapshots WHERE cluster = ? ORDER BY id DESC"
            + " LIMIT ?)",
        cluster,
        cluster,
        KEPT_PER_CLUSTER);
    return id;
  }

  static Optional<NodeSnapshot> latest(Connection c, String cluster) throws SQLException {
    return Sql.first(
        c,
        "SELECT id, taken_at, taken_by FROM hpc_node_snapshots WHERE cluster = ?"
            + " ORDER BY id DESC LIMIT 1",
        rs ->
            new NodeSnapshot(
                rs.getLong("id"),
                cluster,
                Timestamps.parse(rs.getString("taken_at")),
                rs.getString("taken_by"),
                nodes(c, rs.getLong("id"))),
        cluster);
  }

  private static List<NodeInfo> nodes(Connection c, long snapshotId) throws SQLException {
    return Sql.list(
        c,
        "SELECT name, cpus, memory_mb, gpus_json, gpus_in_use, state, raw_state,"
            + " partitions_json, features_json, reason FROM hpc_nodes WHERE snapshot_id = ?"
            + " ORDER BY position",
        NodeSnapshots::node,
        snapshotId);
  }

  private static NodeInfo node(ResultSet rs) throws SQLException {
    return new NodeInfo(
        rs.getString("name"),
        rs.getInt("cpus"),
        rs.getLong("memory_mb"),
        RegistryJson.read(rs.getString("gpus_json"), GPU_GROUPS),
        JobStore.integer(rs, "gpus_in_use"),
        NodeState.valueOf(rs.getString("state")),
        rs.getString("raw_state"),
        RegistryJson.read(rs.getString("partitions_json"), STRINGS),
        RegistryJson.read(rs.getString("features_json"), STRINGS),
        rs.getString("reason"));
  }
}
