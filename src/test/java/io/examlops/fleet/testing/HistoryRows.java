package io.examlops.fleet.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;

/**
 * Rows of history written straight into a platform.db that exa made (its schema in place): more
 * jobs and events than a listing shows by default, without a submission per row.
 */
public final class HistoryRows {
  private HistoryRows() {}

  /** {@code n} completed jobs of {@code user} on {@code cluster}; their ids follow the last one. */
  public static void jobs(Path platformDb, String cluster, String user, int n) throws Exception {
    jobs(platformDb, cluster, user, n, "COMPLETED", "mock-80000");
  }

  /**
   * {@code n} jobs in {@code state} (its name, {@code LOST}), their scheduler ids {@code prefix}
   * followed by 1 to n.
   */
  public static void jobs(
      Path platformDb, String cluster, String user, int n, String state, String prefix)
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + platformDb)) {
      c.setAutoCommit(false);
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, gpus, nodes, state,"
                  + " submitted_by, submitted_at, started_at, ended_at, elapsed_seconds,"
                  + " gpu_hours, exit_code)"
                  + " VALUES (?, ?, 'old', 1, 1, ?, ?, '2026-01-01T00:00:00Z',"
                  + " '2026-01-01T00:00:05Z', '2026-01-01T01:00:05Z', 3600, 1.0, 0)")) {
        for (int i = 1; i <= n; i++) {
          s.setString(1, cluster);
          s.setString(2, prefix + i);
          s.setString(3, state);
          s.setString(4, user);
          s.addBatch();
        }
        s.executeBatch();
      }
      c.commit();
    }
  }

  /** {@code n} events of {@code actor} doing {@code action} to {@code cluster}, numbered 1 to n. */
  public static void events(Path platformDb, String actor, String action, String cluster, int n)
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + platformDb)) {
      c.setAutoCommit(false);
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO audit_events (at, actor, surface, action, cluster, details_json)"
                  + " VALUES ('2026-01-01T00:00:00Z', ?, 'cli', ?, ?, ?)")) {
        for (int i = 1; i <= n; i++) {
          s.setString(1, actor);
          s.setString(2, action);
          s.setString(3, cluster);
          s.setString(4, "{\"n\": " + i + "}");
          s.addBatch();
        }
        s.executeBatch();
      }
      c.commit();
    }
  }
}
