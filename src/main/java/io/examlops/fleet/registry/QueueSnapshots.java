package io.examlops.fleet.registry;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.QueueSnapshot;
import io.examlops.fleet.model.SchedulerKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The queue recorded with a node snapshot: {@code hpc_node_snapshots.queue_*} and {@code
 * hpc_queue_entries}. Only a cluster's latest recorded queue is kept: the pages show no other, and
 * a queue of thousands of jobs kept twenty times over would only grow the file.
 */
final class QueueSnapshots {
  private QueueSnapshots() {}

  /** Records the queue with snapshot {@code snapshotId}; the caller's transaction commits it. */
  static void save(Connection c, String cluster, long snapshotId, QueueRead queue)
      throws SQLException {
    Sql.update(
        c,
        "DELETE FROM hpc_queue_entries WHERE snapshot_id IN"
            + " (SELECT id FROM hpc_node_snapshots WHERE cluster = ? AND id <> ?)",
        cluster,
        snapshotId);
    Sql.update(
        c,
        "UPDATE hpc_node_snapshots SET queue_recorded = 0, queue_failure = NULL"
            + " WHERE cluster = ? AND queue_recorded = 1",
        cluster);
    Sql.update(
        c,
        "UPDATE hpc_node_snapshots SET queue_recorded = 1, queue_failure = ? WHERE id = ?",
        queue.failure(),
        snapshotId);
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO hpc_queue_entries (snapshot_id, position, scheduler, job_id, name,"
                + " user_name, state, raw_state, partition_name, nodes, cpus, gpus, elapsed_ms,"
                + " reason, node_list) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      int position = 0;
      for (QueueEntry job : queue.jobs()) {
        s.setLong(1, snapshotId);
        s.setInt(2, position++);
        s.setString(3, job.scheduler().label());
        s.setString(4, job.id());
        s.setString(5, job.name());
        s.setString(6, job.user());
        s.setString(7, job.state().name());
        s.setString(8, job.rawState());
        s.setString(9, job.partition());
        JobStore.setInteger(s, 10, job.nodes());
        JobStore.setInteger(s, 11, job.cpus());
        JobStore.setInteger(s, 12, job.gpus());
        if (job.elapsed() == null) {
          s.setNull(13, Types.INTEGER);
        } else {
          s.setLong(13, job.elapsed().toMillis());
        }
        s.setString(14, job.reason());
        s.setString(15, job.nodeList());
        s.addBatch();
      }
      s.executeBatch();
    }
  }

  /** The latest queue recorded for the cluster; empty when none was. */
  static Optional<QueueSnapshot> latest(Connection c, String cluster) throws SQLException {
    return Sql.first(
        c,
        "SELECT id, taken_at, queue_failure FROM hpc_node_snapshots"
            + " WHERE cluster = ? AND queue_recorded = 1 ORDER BY id DESC LIMIT 1",
        rs ->
            new QueueSnapshot(
                rs.getLong("id"),
                cluster,
                Timestamps.parse(rs.getString("taken_at")),
                new QueueRead(entries(c, rs.getLong("id")), rs.getString("queue_failure"))),
        cluster);
  }

  private static List<QueueEntry> entries(Connection c, long snapshotId) throws SQLException {
    return Sql.list(
        c,
        "SELECT scheduler, job_id, name, user_name, state, raw_state, partition_name, nodes,"
            + " cpus, gpus, elapsed_ms, reason, node_list FROM hpc_queue_entries"
            + " WHERE snapshot_id = ? ORDER BY position",
        QueueSnapshots::entry,
        snapshotId);
  }

  private static QueueEntry entry(ResultSet rs) throws SQLException {
    Long elapsed = JobStore.longValue(rs, "elapsed_ms");
    return new QueueEntry(
        SchedulerKind.parse(rs.getString("scheduler")),
        rs.getString("job_id"),
        rs.getString("name"),
        rs.getString("user_name"),
        JobState.valueOf(rs.getString("state")),
        rs.getString("raw_state"),
        rs.getString("partition_name"),
        JobStore.integer(rs, "nodes"),
        JobStore.integer(rs, "cpus"),
        JobStore.integer(rs, "gpus"),
        elapsed == null ? null : Duration.ofMillis(elapsed),
        rs.getString("reason"),
        rs.getString("node_list"));
  }
}
