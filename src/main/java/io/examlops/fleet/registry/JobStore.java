package io.examlops.fleet.registry;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuHours;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.model.capacity.ModelHours;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Tracked submissions ({@code hpc_jobs}): one transaction per change. */
public final class JobStore implements JobRecords {
  private static final String COLUMNS =
      "id, cluster, scheduler_job_id, name, model, dataset, gpus, nodes, partition_name, state,"
          + " submitted_by, submitted_at, started_at, ended_at, elapsed_seconds, gpu_hours,"
          + " exit_code, reason, output, token_id";

  private final PlatformDb db;
  private final Clock clock;

  /**
   * @param clock when the audit events of changes made for someone else (a recovery) happened
   */
  public JobStore(PlatformDb db, Clock clock) {
    this.db = db;
    this.clock = clock;
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
   * cluster, whoever submits (this machine's exa, or the console for its agents).
   */
  @Override
  public TrackedJob begin(TrackedJob job, String tag, ActingToken token, BigDecimal askedHours) {
    if (job.state() != JobState.SUBMITTING || job.schedulerJobId() != null) {
      throw new IllegalArgumentException("a submission is begun as SUBMITTING, without a job id");
    }
    TrackedJob begun =
        db.write(
            c -> {
              requireActive(c, job.cluster());
              if (token != null) {
                charge(c, token, job.submittedAt(), askedHours);
              }
              long id;
              try (PreparedStatement s =
                  c.prepareStatement(
                      "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, model, dataset,"
                          + " gpus, nodes, partition_name, script, state, submitted_by,"
                          + " submitted_at, tag, output, token_id)"
                          + " VALUES (?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)",
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
                s.setString(12, job.output());
                s.setString(13, token == null ? null : token.id());
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
   * transaction. A record marked not-submitted meanwhile is completed all the same (the scheduler's
   * word wins over the fleet's conclusion); one already completed with this id (a recovery found it
   * first) is returned as it is.
   */
  @Override
  public TrackedJob complete(TrackedJob begun, String schedulerJobId, Actor actor) {
    db.hook().reached(WriteHook.WriteStep.JOB_SENT_BEFORE_RECORD);
    return db.write(
        c -> {
          int changed =
              Sql.update(
                  c,
                  "UPDATE hpc_jobs SET scheduler_job_id = ?, state = ?, reason = NULL"
                      + " WHERE id = ? AND scheduler_job_id IS NULL AND state IN (?, ?)",
                  schedulerJobId,
                  JobState.SUBMITTED.name(),
                  begun.id(),
                  JobState.SUBMITTING.name(),
                  JobState.NOT_SUBMITTED.name());
          if (changed != 1) {
            Optional<TrackedJob> now = find(c, begun.id());
            if (now.isPresent() && schedulerJobId.equals(now.get().schedulerJobId())) {
              return now.get();
            }
            throw new RegistryException(
                "the record of submission "
                    + begun.id()
                    + (now.isPresent()
                        ? " is " + now.get().state().label() + " already"
                        : " is gone")
                    + " in "
                    + db.file());
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
          Sql.update(
              c,
              "DELETE FROM hpc_jobs WHERE id = ? AND state = ?",
              begun.id(),
              JobState.SUBMITTING.name());
          return null;
        });
  }

  /**
   * Marks a submission its scheduler never got as {@link JobState#NOT_SUBMITTED} with why, audited
   * as {@code actor}'s, in one transaction; a record no longer submitting (its submitter recorded
   * the scheduler's answer meanwhile) is left as it is. Returns the record as it stands.
   */
  @Override
  public TrackedJob notSubmitted(TrackedJob begun, String why, Actor actor) {
    return db.write(
        c -> {
          int changed =
              Sql.update(
                  c,
                  "UPDATE hpc_jobs SET state = ?, reason = ? WHERE id = ? AND state = ?",
                  JobState.NOT_SUBMITTED.name(),
                  why,
                  begun.id(),
                  JobState.SUBMITTING.name());
          TrackedJob now =
              find(c, begun.id())
                  .orElseThrow(
                      () ->
                          new RegistryException(
                              "the record of submission "
                                  + begun.id()
                                  + " is gone from "
                                  + db.file()));
          if (changed == 1) {
            audit(c, now, actor, "not-submitted", Map.of("reason", why));
          }
          return now;
        });
  }

  @Override
  public void cancelAsked(TrackedJob job, Actor actor, String outcome, String message) {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("result", outcome);
    details.put("message", message);
    db.write(
        c -> {
          audit(c, job, actor, "cancel", details);
          return null;
        });
  }

  /**
   * Stores what was last observed of jobs, in one transaction: a watcher's round of hundreds of
   * jobs is one commit, not one each. States only move forward ({@link JobState#mayMoveTo}): when
   * the stored state may not move to the observed one (another process recorded a later state
   * meanwhile), the record is left as it is and returned; an unchanged one is not written.
   */
  @Override
  public List<TrackedJob> update(List<TrackedJob> jobs) {
    if (jobs.isEmpty()) {
      return List.of();
    }
    return db.write(
        c -> {
          List<TrackedJob> stored = new ArrayList<>(jobs.size());
          for (TrackedJob job : jobs) {
            stored.add(update(c, job));
          }
          return stored;
        });
  }

  private TrackedJob update(Connection c, TrackedJob job) throws SQLException {
    TrackedJob before =
        find(c, job.id())
            .orElseThrow(
                () -> new RegistryException("tracked job " + job.id() + " does not exist"));
    if (before.equals(job) || !before.state().mayMoveTo(job.state())) {
      return before;
    }
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
  }

  /** An audit event about a tracked job, now, with its id, scheduler id, name and more. */
  private void audit(
      Connection c, TrackedJob job, Actor actor, String action, Map<String, Object> more)
      throws SQLException {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("job", job.id());
    details.put("schedulerJobId", job.schedulerJobId());
    details.put("name", job.name());
    details.putAll(more);
    AuditTrail.record(c, clock.instant(), actor, action, job.cluster(), details);
  }

  @Override
  public Optional<TrackedJob> find(long id) {
    return db.read(c -> find(c, id));
  }

  /** A job by the scheduler's id on a cluster: the newest record of it, when there are several. */
  public Optional<TrackedJob> find(String cluster, String schedulerJobId) {
    return first(
        select(
            " WHERE cluster = ? AND scheduler_job_id = ? ORDER BY id DESC LIMIT 1",
            cluster,
            schedulerJobId));
  }

  /** The newest submission recorded with this tag, if any. */
  @Override
  public Optional<TrackedJob> latestTagged(String tag) {
    return first(select(" WHERE tag = ? ORDER BY id DESC LIMIT 1", tag));
  }

  /** Tracked jobs, newest first. */
  @Override
  public List<TrackedJob> list(Filter filter) {
    Where where = Where.of(filter);
    return select(where.sql() + " ORDER BY id DESC", where.args().toArray());
  }

  /**
   * One page, newest first: {@code LIMIT} and {@code OFFSET} on the rows of the filter's index
   * (migration 017), ids below the page's cursor; what the page holds is all that is read.
   */
  @Override
  public List<TrackedJob> list(Filter filter, Page page) {
    Where where = Where.of(filter).below(page.before());
    List<Object> args = new ArrayList<>(where.args());
    args.add(page.limit());
    args.add(page.offset());
    return select(where.sql() + " ORDER BY id DESC LIMIT ? OFFSET ?", args.toArray());
  }

  @Override
  public long count(Filter filter) {
    Where where = Where.of(filter);
    // By cluster, state and model, the running tally of migration 19 counts a year of jobs in a
    // few rows; by user or token, an index of them does.
    String counted =
        filter.user() == null && filter.token() == null
            ? "SELECT coalesce(sum(jobs), 0) FROM hpc_jobs_tally"
            : "SELECT count(*) FROM hpc_jobs";
    return db.read(c -> Sql.number(c, counted + where.sql(), where.args().toArray()));
  }

  /** The WHERE clause of a filter, and its values. */
  private record Where(List<String> terms, List<Object> args) {
    static Where of(Filter filter) {
      Where where = new Where(new ArrayList<>(), new ArrayList<>());
      where.and("cluster = ?", filter.cluster());
      where.and("model = ?", filter.model());
      where.and("state = ?", filter.state() == null ? null : filter.state().name());
      where.and("submitted_by = ?", filter.user());
      where.and("token_id = ?", filter.token());
      return where;
    }

    Where below(Long id) {
      and("id < ?", id);
      return this;
    }

    private void and(String term, Object value) {
      if (value != null) {
        terms.add(term);
        args.add(value);
      }
    }

    String sql() {
      return terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms);
    }
  }

  /** Refuses a job that the token's limits leave no room for, in the recording transaction. */
  private void charge(Connection c, ActingToken token, Instant now, BigDecimal askedHours)
      throws SQLException {
    TokenLimits limits = token.limits();
    if (limits.maxRunningJobs() == null && limits.gpuHours() == null) {
      return;
    }
    TokenUse use =
        tokenUse(
            c,
            token.id(),
            limits.period() == null ? now : now.minus(limits.period().length()),
            now);
    limits
        .refusesAnotherJob(token.words(), use.unfinished())
        .or(() -> limits.refusesHours(token.words(), use.gpuHours(), askedHours))
        .ifPresent(
            words -> {
              throw new FleetException(ErrorKind.NOT_PERMITTED, words);
            });
  }

  @Override
  public TokenUse tokenUse(String token, Instant since) {
    return db.read(c -> tokenUse(c, token, since, clock.instant()));
  }

  private static TokenUse tokenUse(Connection c, String token, Instant since, Instant now)
      throws SQLException {
    int unfinished =
        (int)
            Sql.number(
                c, "SELECT count(*) FROM hpc_jobs WHERE token_id = ? AND " + UNFINISHED, token);
    BigDecimal hours = BigDecimal.ZERO;
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT gpus, started_at, ended_at, gpu_hours FROM hpc_jobs"
                + " WHERE token_id = ? AND submitted_at >= ?")) {
      s.setString(1, token);
      s.setString(2, Timestamps.format(since));
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          hours = hours.add(hoursOf(r, now));
        }
      }
    }
    return new TokenUse(unfinished, hours);
  }

  /** A job's GPU-hours as accounted, else from its run time so far; 0 before it started. */
  private static BigDecimal hoursOf(ResultSet r, Instant now) throws SQLException {
    BigDecimal accounted = hours(r);
    if (accounted != null) {
      return accounted;
    }
    Instant started = Timestamps.parse(r.getString("started_at"));
    int gpus = r.getInt("gpus");
    if (started == null || r.wasNull()) {
      return BigDecimal.ZERO;
    }
    Instant ended = Timestamps.parse(r.getString("ended_at"));
    Duration ran = Duration.between(started, ended == null ? now : ended);
    BigDecimal hours = GpuHours.of(ran.isNegative() ? Duration.ZERO : ran, gpus);
    return hours == null ? BigDecimal.ZERO : hours;
  }

  /**
   * The WHERE term of the partial index {@code hpc_jobs_unfinished} (migration 014), written the
   * same way, so that SQLite can use the index: the states {@link JobState#terminal} names. The
   * query names the index ({@code INDEXED BY}): without statistics SQLite would rather read all of
   * a cluster's jobs through {@code hpc_jobs_by_cluster}, and a term that no longer matches the
   * index fails the query instead of reading a year of history unnoticed.
   */
  static final String UNFINISHED = "state NOT IN (" + states(JobState::terminal) + ")";

  /** The states {@code which} holds, as SQL string literals: {@code 'COMPLETED', 'FAILED'}. */
  private static String states(java.util.function.Predicate<JobState> which) {
    return Arrays.stream(JobState.values())
        .filter(which)
        .map(state -> "'" + state.name() + "'")
        .collect(Collectors.joining(", "));
  }

  @Override
  public List<TrackedJob> unfinished(String cluster) {
    String where = cluster == null ? UNFINISHED : "cluster = ? AND " + UNFINISHED;
    String tail = " INDEXED BY hpc_jobs_unfinished WHERE " + where + " ORDER BY id DESC";
    return cluster == null ? select(tail) : select(tail, cluster);
  }

  /**
   * The jobs {@code SELECT COLUMNS FROM hpc_jobs} and {@code tail} (a WHERE, an ORDER BY, a LIMIT)
   * select, its {@code ?} bound to {@code args} in order.
   */
  private List<TrackedJob> select(String tail, Object... args) {
    return db.read(
        c -> Sql.list(c, "SELECT " + COLUMNS + " FROM hpc_jobs" + tail, this::row, args));
  }

  private static Optional<TrackedJob> first(List<TrackedJob> jobs) {
    return jobs.stream().findFirst();
  }

  @Override
  public void startLease(long id, Instant at) {
    leaseUpdate("UPDATE hpc_jobs SET lease_renewed_at = ? WHERE id = ?", id, at);
  }

  @Override
  public void renewLease(long id, Instant at) {
    leaseUpdate(
        "UPDATE hpc_jobs SET lease_renewed_at = ? WHERE id = ? AND lease_renewed_at IS NOT NULL",
        id,
        at);
  }

  @Override
  public boolean endLease(long id) {
    return leaseUpdate(
            "UPDATE hpc_jobs SET lease_renewed_at = ? WHERE id = ? AND lease_renewed_at IS NOT NULL",
            id,
            null)
        > 0;
  }

  private int leaseUpdate(String sql, long id, Instant at) {
    return db.write(c -> Sql.update(c, sql, at == null ? null : Timestamps.format(at), id));
  }

  @Override
  public List<TrackedJob> leasedBefore(Instant instant) {
    return select(
            " WHERE lease_renewed_at IS NOT NULL AND lease_renewed_at < ? ORDER BY lease_renewed_at",
            Timestamps.format(instant))
        .stream()
        .filter(job -> !job.state().terminal())
        .toList();
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

  private Optional<TrackedJob> find(Connection c, long id) throws SQLException {
    return Sql.first(c, "SELECT " + COLUMNS + " FROM hpc_jobs WHERE id = ?", this::row, id);
  }

  /**
   * A tracked job as its row holds it; a row no version of exa wrote (a state it does not know, a
   * missing value, a time it cannot read) is the store's damage, named with its file and a fix.
   */
  private TrackedJob row(ResultSet r) throws SQLException {
    try {
      return rowAsWritten(r);
    } catch (IllegalArgumentException | NullPointerException | java.time.DateTimeException e) {
      throw new StoreException(
          db.file(),
          "tracked job "
              + r.getLong("id")
              + " in "
              + db.file()
              + " is damaged: a value in it is none exa writes (state "
              + Printable.quoted(r.getString("state"))
              + ", submitted at "
              + Printable.quoted(r.getString("submitted_at"))
              + "); restore "
              + db.file()
              + " from a backup, or delete that row of hpc_jobs with sqlite3",
          e);
    }
  }

  /**
   * How many times tracked jobs changed as a page shows them (one added or removed; a state, start,
   * end, exit code, reason or GPU-hours written), whichever process wrote it: the same count,
   * nothing shown changed. Counted by triggers (migration 16), so reading it costs one row.
   */
  public static long changeCount(Connection c) throws SQLException {
    try (PreparedStatement s =
            c.prepareStatement("SELECT n FROM fleet_changes WHERE topic = 'jobs'");
        ResultSet rs = s.executeQuery()) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /**
   * Which jobs' GPU-hours capacity counts: those the scheduler has confirmed, and the others that
   * have a figure all the same ({@link JobRecords#counted}).
   */
  private static final String COUNTED =
      " AND (state NOT IN (" + states(JobState::awaitsScheduler) + ") OR gpu_hours IS NOT NULL)";

  /**
   * Count, count known, sum in millionths, and how many figures are not whole millionths, of the
   * jobs {@link #COUNTED} counts: added from the running tally of migration 19, a row per cluster,
   * state and model ({@code hpc_jobs_tally}), not from a year of jobs. In a state that awaits the
   * scheduler only the jobs with a figure count.
   */
  private static final String TALLIED =
      "coalesce(sum(CASE WHEN state IN ("
          + states(JobState::awaitsScheduler)
          + ") THEN known ELSE jobs END), 0), coalesce(sum(known), 0), coalesce(sum(millionths), 0),"
          + " coalesce(sum(inexact), 0)";

  /** A cluster's tally. */
  static final String GPU_HOURS_TALLY =
      "SELECT " + TALLIED + " FROM hpc_jobs_tally WHERE cluster = ?";

  /** Each model's tally, over every cluster; the model {@code ''} is the jobs of none. */
  static final String GPU_HOURS_BY_MODEL =
      "SELECT model, " + TALLIED + " FROM hpc_jobs_tally GROUP BY model ORDER BY model";

  /**
   * Tallied as the jobs were written, rather than 50,000 rows read into Java to be added there: the
   * figures are written with six decimals ({@link io.examlops.fleet.model.GpuHours}), so their sum
   * in whole millionths is exact, as the sum of the rows read whole was. Should some figure hold
   * more decimals than that (a row written by hand), the rows are read and added one by one, so
   * that the total never changes with how it was read.
   */
  @Override
  public GpuHoursTally gpuHours(String cluster) {
    GpuHoursTally tallied =
        db.read(
            c -> {
              try (PreparedStatement s = c.prepareStatement(GPU_HOURS_TALLY)) {
                s.setString(1, cluster);
                try (ResultSet r = s.executeQuery()) {
                  r.next();
                  return tally(r, 1);
                }
              }
            });
    return tallied != null ? tallied : rowByRow("cluster = ?", cluster);
  }

  /** As {@link #gpuHours(String)}, for each model's jobs. */
  @Override
  public List<ModelHours> gpuHoursByModel() {
    Map<String, GpuHoursTally> byModel = new LinkedHashMap<>();
    db.read(
        c -> {
          try (PreparedStatement s = c.prepareStatement(GPU_HOURS_BY_MODEL);
              ResultSet r = s.executeQuery()) {
            while (r.next()) {
              byModel.put(r.getString(1), tally(r, 2));
            }
          }
          return null;
        });
    List<ModelHours> models = new ArrayList<>();
    byModel.forEach(
        (model, tallied) -> {
          GpuHoursTally hours =
              tallied != null ? tallied : rowByRow("coalesce(model, '') = ?", model);
          if (hours.jobs() > 0) {
            models.add(new ModelHours(model.isEmpty() ? null : model, hours));
          }
        });
    return models;
  }

  /**
   * The tally in the four columns from {@code first} on; {@code null} when a figure is finer than a
   * millionth, so that the rows are added one by one instead.
   */
  private static GpuHoursTally tally(ResultSet r, int first) throws SQLException {
    if (r.getLong(first + 3) > 0) {
      return null;
    }
    long jobs = r.getLong(first);
    long known = r.getLong(first + 1);
    BigDecimal sum =
        known == 0
            ? BigDecimal.ZERO
            : BigDecimal.valueOf(r.getLong(first + 2), GpuHours.SCALE).stripTrailingZeros();
    // As a sum of figures read one by one shows it: at least one decimal (2.0 + 3.0 is 5.0).
    if (known > 0 && sum.scale() < 1) {
      sum = sum.setScale(1);
    }
    return new GpuHoursTally(sum, (int) jobs, (int) (jobs - known));
  }

  /**
   * The GPU-hours of the counted jobs that {@code where} (one parameter) selects, read one by one.
   */
  private GpuHoursTally rowByRow(String where, String value) {
    return GpuHoursTally.of(
        db.read(
            c -> {
              try (PreparedStatement s =
                  c.prepareStatement("SELECT gpu_hours FROM hpc_jobs WHERE " + where + COUNTED)) {
                s.setString(1, value);
                List<BigDecimal> hours = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                  while (r.next()) {
                    hours.add(hours(r));
                  }
                }
                return hours;
              }
            }));
  }

  /** A row's GPU-hours as recorded; {@code null} when unknown. */
  private static BigDecimal hours(ResultSet r) throws SQLException {
    double hours = r.getDouble("gpu_hours");
    return r.wasNull() ? null : BigDecimal.valueOf(hours);
  }

  private static TrackedJob rowAsWritten(ResultSet r) throws SQLException {
    BigDecimal gpuHours = hours(r);
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
        r.getString("reason"),
        r.getString("output"),
        r.getString("token_id"));
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
