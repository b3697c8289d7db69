package io.examlops.fleet.registry;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.UtilizationSample;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code capacity_samples}: one row per refresh of a cluster, whatever its kind, kept for {@link
 * #KEPT}.
 */
public final class UtilizationHistory {
  static final Duration KEPT = Duration.ofDays(8);

  private final PlatformDb db;

  public UtilizationHistory(PlatformDb db) {
    this.db = db;
  }

  /** Records the GPUs in use that a snapshot saw, and forgets samples older than {@link #KEPT}. */
  public UtilizationSample record(NodeSnapshot snapshot) {
    return record(snapshot.cluster(), snapshot.takenAt(), snapshot.nodes());
  }

  /**
   * Records the GPUs in use on a cluster's nodes as read at {@code at} (a snapshot's, or a cluster
   * read live), and forgets samples older than {@link #KEPT}.
   */
  public UtilizationSample record(String cluster, Instant at, List<NodeInfo> nodes) {
    int total = nodes.stream().mapToInt(NodeInfo::gpuCount).sum();
    boolean known = nodes.stream().allMatch(n -> n.gpuCount() == 0 || n.gpusInUse() != null);
    Integer inUse =
        known
            ? nodes.stream().mapToInt(n -> n.gpusInUse() == null ? 0 : n.gpusInUse()).sum()
            : null;
    UtilizationSample sample = new UtilizationSample(cluster, at, total, inUse);
    db.write(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO capacity_samples (cluster, at, total_gpus, gpus_in_use)"
                      + " VALUES (?, ?, ?, ?)")) {
            s.setString(1, sample.cluster());
            s.setString(2, Timestamps.format(sample.at()));
            s.setInt(3, total);
            if (inUse == null) {
              s.setNull(4, Types.INTEGER);
            } else {
              s.setInt(4, inUse);
            }
            s.executeUpdate();
          }
          Sql.update(
              c,
              "DELETE FROM capacity_samples WHERE at < ?",
              Timestamps.format(sample.at().minus(KEPT)));
          return null;
        });
    return sample;
  }

  /** Samples since {@code since}, oldest first; of every cluster when {@code cluster} is null. */
  public List<UtilizationSample> since(String cluster, Instant since) {
    return db.read(
        c -> {
          List<UtilizationSample> samples = new ArrayList<>();
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT cluster, at, total_gpus, gpus_in_use FROM capacity_samples"
                      + " WHERE at >= ?"
                      + (cluster == null ? "" : " AND cluster = ?")
                      + " ORDER BY at")) {
            s.setString(1, Timestamps.format(since));
            if (cluster != null) {
              s.setString(2, cluster);
            }
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                int inUse = rs.getInt("gpus_in_use");
                samples.add(
                    new UtilizationSample(
                        rs.getString("cluster"),
                        Timestamps.parse(rs.getString("at")),
                        rs.getInt("total_gpus"),
                        rs.wasNull() ? null : inUse));
              }
            }
          }
          return samples;
        });
  }
}
