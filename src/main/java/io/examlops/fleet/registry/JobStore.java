package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Tracked submissions ({@code hpc_jobs}): one transaction per change. */
public final class JobStore implements JobRecords {
  private static final String COLUMNS =
      "id, cluster, scheduler_job_id, name, model, dataset, gpus, nodes, partition_name, state,"
          + " submitted_by, submitted_at, started_at, ended_at, elapsed_seconds, gpu_hours,"
          + " exit_code, reason";

  private final PlatformDb db;

  public JobStore(PlatformDb db) {
    this.db = db;
  }

  /**
   * Records a submission before it is sent, as {@link JobState#SUBMITTING} without a scheduler id,
   * so that a store that cannot be written stops the submission before anything runs; returns it
   * with its fleet id. {@link #complete} or {@link #discard} follows.
   */
  public TrackedJob begin(TrackedJob job) {
    return begin(job, null);
  }

  /**
   * As {@link #begin(TrackedJob)}, recording the caller's tag with it (see {@link #latestTagged}).
   * The cluster's record is read in the same transaction: a job is recorded only for an ACTIVE
   * cluster, whoever asks (this machine's CLI, or an agent through the central console).
   */
  @Override
  public TrackedJob begin(TrackedJob job, String tag) {
    if (job.state() != JobState.SUBMITTING || job.schedulerJobId() != null) {
      throw new IllegalArgumentException("a submission is begun as SUBMITTING, without a job id");
    }
    TrackedJob begun =
        db.write(
            c -> {
              requireActive(c, job.cluster());
              long id;
              try (PreparedStatement s =
                  c.prepareStatement(
                      "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, model, dataset,"
                          + " gpus, nodes, partition_name, script, state, submitted_by,"
                          + " submitted_at, tag) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)",
                      Statement.RETURN_GENERATED_KEYS)) {
                s.setString(1, job.cluster());
                s.setString(2, job.name());
                s.setString(3, job.model());
                s.setString(4, job.dataset());
                setInteger(s, 5, job.gpus());
                setInteger(s, 6, job.nodes());
                s.setString(7, job.partition());
                s.setString(8, job.state().name());
                s.setString(9, job.submittedBy());
                s.setString(10, Timestamps.format(job.submittedAt()));
                s.setString(11, tag);
                s.executeUpdate();
                try (ResultSet keys = s.getGeneratedKeys()) {
                  keys.next();
                  id = keys.getLong(1);
                }
              }
              return find(c, id).orElseThrow();
            });
    db.hook().reached(WriteHook.WriteStep.JOB_RECORDED_BEFORE_SEND);
    return begun;
  }

  /**
   * Completes the record of a submission the scheduler accepted: its id and {@link
   * JobState#SUBMITTED}, with the audit event of {@code actor} (who submitted it), in one
   * transaction.
   */
  @Override
  public TrackedJob complete(TrackedJob begun, String schedulerJobId, Actor actor) {
    db.hook().reached(WriteHook.WriteStep.JOB_SENT_BEFORE_RECORD);
    return db.write(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE hpc_jobs SET scheduler_job_id = ?, state = ?"
                      + " WHERE id = ? AND state = ?")) {
            s.setString(1, schedulerJobId);
            s.setString(2, JobState.SUBMITTED.name());
            s.setLong(3, begun.id());
            s.setString(4, JobState.SUBMITTING.name());
            if (s.executeUpdate() != 1) {
              throw new RegistryException(
                  "the record of submission " + begun.id() + " is gone from " + db.file());
            }
          }
          Map<String, Object> details = new LinkedHashMap<>();
          details.put("job", begun.id());
          details.put("schedulerJobId", schedulerJobId);
          details.put("name", begun.name());
          details.put("gpus", begun.gpus());
          details.put("model", begun.model());
          AuditTrail.record(c, begun.submittedAt(), actor, "submit", begun.cluster(), details);
          return find(c, begun.id()).orElseThrow();
        });
  }

  /** Removes the record of a submission that never reached the scheduler (refused, or failed). */
  @Override
  public void discard(TrackedJob begun) {
    db.write(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("DELETE FROM hpc_jobs WHERE id = ? AND state = ?")) {
            s.setLong(1, begun.id());
            s.setString(2, JobState.SUBMITTING.name());
            s.executeUpdate();
          }
          return null;
        });
  }

  /** Stores what was last observed of a job. */
  @Override
  public TrackedJob update(TrackedJob job) {
    return db.write(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "UPDATE hpc_jobs SET state = ?, gpus = ?, started_at = ?, ended_at = ?,"
                      + " elapsed_seconds = ?, gpu_hours = ?, exit_code = ?, reason = ?,"
                      + " submitted_at = ?, partition_name = ?"
                      + " WHERE id = ?")) {
            s.setString(1, job.state().name());
            setInteger(s, 2, job.gpus());
            s.setString(3, job.startedAt() == null ? null : Timestamps.format(job.startedAt()));
            s.setString(4, job.endedAt() == null ? null : Timestamps.format(job.endedAt()));
            if (job.elapsedSeconds() == null) {
              s.setNull(5, Types.INTEGER);
            } else {
              s.setLong(5, job.elapsedSeconds());
            }
            if (job.gpuHours() == null) {
              s.setNull(6, Types.REAL);
            } else {
              s.setDouble(6, job.gpuHours().doubleValue());
            }
            setInteger(s, 7, job.exitCode());
            s.setString(8, job.reason());
            s.setString(9, Timestamps.format(job.submittedAt()));
            s.setString(10, job.partition());
            s.setLong(11, job.id());
            if (s.executeUpdate() != 1) {
              throw new RegistryException("tracked job " + job.id() + " does not exist");
            }
          }
          return find(c, job.id()).orElseThrow();
        });
  }

  @Override
  public Optional<TrackedJob> find(long id) {
    return db.read(c -> find(c, id));
  }

  /** A job by the scheduler's id on a cluster. */
  public Optional<TrackedJob> find(String cluster, String schedulerJobId) {
    return db.read(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT "
                      + COLUMNS
                      + " FROM hpc_jobs WHERE cluster = ? AND scheduler_job_id = ?")) {
            s.setString(1, cluster);
            s.setString(2, schedulerJobId);
            return one(s);
          }
        });
  }

  /** The newest submission recorded with this tag, if any. */
  @Override
  public Optional<TrackedJob> latestTagged(String tag) {
    return db.read(
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT " + COLUMNS + " FROM hpc_jobs WHERE tag = ? ORDER BY id DESC LIMIT 1")) {
            s.setString(1, tag);
            return one(s);
          }
        });
  }

  /** Tracked jobs, newest first. */
  @Override
  public List<TrackedJob> list(Filter filter) {
    StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM hpc_jobs WHERE 1 = 1");
    List<String> args = new ArrayList<>();
    if (filter.cluster() != null) {
      sql.append(" AND cluster = ?");
      args.add(filter.cluster());
    }
    if (filter.model() != null) {
      sql.append(" AND model = ?");
      args.add(filter.model());
    }
    if (filter.state() != null) {
      sql.append(" AND state = ?");
      args.add(filter.state().name());
    }
    sql.append(" ORDER BY id DESC");
    return db.read(
        c -> {
          try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
              s.setString(i + 1, args.get(i));
            }
            List<TrackedJob> jobs = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
              while (r.next()) {
                jobs.add(row(r));
              }
            }
            return jobs;
          }
        });
  }

  private static void requireActive(Connection c, String cluster) throws SQLException {
    Optional<ClusterGovernance> governance = GovernanceTable.find(c, cluster);
    if (governance.isEmpty() || governance.get().state() != ClusterState.ACTIVE) {
      throw new NotApprovedException(
          "no job is recorded for cluster '"
              + cluster
              + "': it is "
              + governance.map(g -> g.state().name()).orElse("not approved")
              + ", not ACTIVE; an admin must approve it first",
          Hint.of(Hint.Action.APPROVE, cluster));
    }
  }

  private static Optional<TrackedJob> find(Connection c, long id) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT " + COLUMNS + " FROM hpc_jobs WHERE id = ?")) {
      s.setLong(1, id);
      return one(s);
    }
  }

  private static Optional<TrackedJob> one(PreparedStatement s) throws SQLException {
    try (ResultSet r = s.executeQuery()) {
      return r.next() ? Optional.of(row(r)) : Optional.empty();
    }
  }

  private static TrackedJob row(ResultSet r) throws SQLException {
    double hours = r.getDouble("gpu_hours");
    BigDecimal gpuHours = r.wasNull() ? null : BigDecimal.valueOf(hours);
    return new TrackedJob(
        r.getLong("id"),
        r.getString("cluster"),
        r.getString("scheduler_job_id"),
        r.getString("name"),
        r.getString("model"),
        r.getString("dataset"),
        integer(r, "gpus"),
        integer(r, "nodes"),
        r.getString("partition_name"),
        JobState.valueOf(r.getString("state").toUpperCase(Locale.ROOT)),
        r.getString("submitted_by"),
        Timestamps.parse(r.getString("submitted_at")),
        instant(r, "started_at"),
        instant(r, "ended_at"),
        longValue(r, "elapsed_seconds"),
        gpuHours,
        integer(r, "exit_code"),
        r.getString("reason"));
  }

  private static java.time.Instant instant(ResultSet r, String column) throws SQLException {
    String text = r.getString(column);
    return text == null ? null : Timestamps.parse(text);
  }

  static Integer integer(ResultSet r, String column) throws SQLException {
    int value = r.getInt(column);
    return r.wasNull() ? null : value;
  }

  static Long longValue(ResultSet r, String column) throws SQLException {
    long value = r.getLong(column);
    return r.wasNull() ? null : value;
  }

  static void setInteger(PreparedStatement s, int index, Integer value) throws SQLException {
    if (value == null) {
      s.setNull(index, Types.INTEGER);
    } else {
      s.setInt(index, value);
    }
  }
}
