package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.model.capacity.ModelHours;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Capacity's GPU-hours of a cluster and of a model, read from the running tally of migration 19 on
 * a real platform.db: after any write to the jobs, by exa or by hand, the tally is what the jobs
 * themselves add up to, and a store migrated with a history tallies that history.
 */
class RunningTalliesTest {
  private static final List<String> CLUSTERS = List.of("a", "b", "c");
  private static final List<String> MODELS = java.util.Arrays.asList(null, "llama", "bert");

  @TempDir Path dir;

  @Test
  void theTallyIsReadFromItsOwnRowsNotFromTheJobs() throws Exception {
    PlatformDb.open(dir.resolve("platform.db"));
    try (Connection c = connect();
        PreparedStatement s =
            c.prepareStatement("EXPLAIN QUERY PLAN " + JobStore.GPU_HOURS_TALLY)) {
      s.setString(1, "a");
      StringBuilder plan = new StringBuilder();
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          plan.append(r.getString("detail")).append('\n');
        }
      }
      assertThat(plan.toString())
          .as("the tally's primary key, and no job")
          .isEqualTo(
              "SEARCH hpc_jobs_tally USING INDEX sqlite_autoindex_hpc_jobs_tally_1 (cluster=?)\n");
    }
  }

  /**
   * Rows added, moved between states and clusters, given figures (whole millionths, finer ones,
   * none) and removed, in a seeded random order, as a hand-written statement would: after each
   * round the tally's rows are what grouping the jobs gives, and capacity's tally is the figures
   * added one by one.
   */
  @Test
  void everyWriteKeepsTheTallyWhatTheJobsAddUpTo() throws Exception {
    PlatformDb db = PlatformDb.open(dir.resolve("platform.db"));
    JobStore store = new JobStore(db, Clock.systemUTC());
    Random random = new Random(19);
    try (Connection c = connect()) {
      for (int round = 0; round < 40; round++) {
        for (int write = 0; write < 25; write++) {
          writeAtRandom(c, random);
        }
        assertThat(tallyRows(c)).as("round %d", round).isEqualTo(groupedJobs(c));
        assertThat(zeroRowsHoldingSomething(c)).as("round %d", round).isZero();
        for (String cluster : CLUSTERS) {
          assertThat(figures(store.gpuHours(cluster)))
              .as("round %d, cluster %s", round, cluster)
              .isEqualTo(figures(GpuHoursTally.of(countedFigures(c, "cluster", cluster))));
        }
        assertThat(byModel(store.gpuHoursByModel()))
            .as("round %d, by model", round)
            .isEqualTo(countedByModel(c));
        for (int filter = 0; filter < 10; filter++) {
          JobRecords.Filter f =
              new JobRecords.Filter(
                  random.nextBoolean() ? null : cluster(random),
                  random.nextBoolean() ? null : MODELS.get(1 + random.nextInt(2)),
                  random.nextBoolean() ? null : JobState.valueOf(state(random)));
          assertThat(store.count(f)).as("round %d, %s", round, f).isEqualTo(jobsSelected(c, f));
        }
      }
    }
  }

  @Test
  void aStoreMigratedWithItsHistoryTalliesThatHistory() throws Exception {
    Path file = dir.resolve("platform.db");
    PlatformDb old = PlatformDb.creating(file);
    old.useWal();
    Migrations.apply(old, 18);
    Random random = new Random(18);
    try (Connection c = connect()) {
      for (int i = 0; i < 300; i++) {
        insert(c, random);
      }
      List<String> before = new ArrayList<>();
      for (String cluster : CLUSTERS) {
        before.add(
            cluster + " " + figures(GpuHoursTally.of(countedFigures(c, "cluster", cluster))));
      }

      JobStore store = new JobStore(PlatformDb.open(file), Clock.systemUTC());

      assertThat(tallyRows(c)).isEqualTo(groupedJobs(c));
      List<String> after = new ArrayList<>();
      for (String cluster : CLUSTERS) {
        after.add(cluster + " " + figures(store.gpuHours(cluster)));
      }
      assertThat(after).isEqualTo(before);
      assertThat(byModel(store.gpuHoursByModel())).isEqualTo(countedByModel(c));
    }
  }

  /**
   * Events added, moved between clusters, actors and actions, and removed, in a seeded random
   * order: after each round, every filter of the trail counts what its rows hold.
   */
  @Test
  void everyWriteKeepsTheAuditCountsWhatTheEventsAre() throws Exception {
    PlatformDb db = PlatformDb.open(dir.resolve("platform.db"));
    Random random = new Random(3);
    List<String> clusters = java.util.Arrays.asList(null, "a", "b");
    List<String> actors = List.of("ann", "bob", "cli:ci");
    List<String> actions = List.of("approve", "submit", "probe");
    try (Connection c = connect()) {
      for (int round = 0; round < 30; round++) {
        for (int write = 0; write < 20; write++) {
          String pick = "(SELECT id FROM audit_events ORDER BY random() LIMIT 1)";
          try (PreparedStatement s =
              c.prepareStatement(
                  switch (random.nextInt(5)) {
                    case 0, 1 ->
                        "INSERT INTO audit_events (at, cluster, actor, action,"
                            + " details_json) VALUES ('2026-01-01T00:00:00.000Z', ?1, ?2, ?3, '{}')";
                    case 2 -> "UPDATE audit_events SET cluster = ?1 WHERE id = " + pick;
                    case 3 -> "UPDATE audit_events SET actor = ?2, action = ?3 WHERE id = " + pick;
                    default -> "DELETE FROM audit_events WHERE id = " + pick;
                  })) {
            int parameters = s.getParameterMetaData().getParameterCount();
            Object[] values = {
              clusters.get(random.nextInt(3)),
              actors.get(random.nextInt(3)),
              actions.get(random.nextInt(3))
            };
            for (int i = 1; i <= parameters; i++) {
              s.setObject(i, values[i - 1]);
            }
            s.executeUpdate();
          }
        }
        for (String cluster : clusters) {
          for (String actor : java.util.Arrays.asList(null, "ann", "cli:ci")) {
            for (String action : java.util.Arrays.asList(null, "submit")) {
              AuditTrail.Query query = new AuditTrail.Query(cluster, actor, action, true, 5L, null);
              long counted = db.read(read -> AuditTrail.count(read, query));
              assertThat(counted)
                  .as("round %d, %s", round, query)
                  .isEqualTo(
                      Long.parseLong(
                          rows(
                                  c,
                                  "SELECT count(*) FROM audit_events WHERE "
                                      + equal("cluster", cluster)
                                      + " AND "
                                      + equal("actor", actor)
                                      + " AND "
                                      + equal("action", action))
                              .get(0)));
            }
          }
        }
      }
    }
  }

  /** A term that selects {@code value} in {@code column}, or any row when it is null. */
  private static String equal(String column, String value) {
    return value == null ? "1" : column + " = '" + value + "'";
  }

  private static long jobsSelected(Connection c, JobRecords.Filter f) throws Exception {
    return Long.parseLong(
        rows(
                c,
                "SELECT count(*) FROM hpc_jobs WHERE "
                    + equal("cluster", f.cluster())
                    + " AND "
                    + equal("model", f.model())
                    + " AND "
                    + equal("state", f.state() == null ? null : f.state().name()))
            .get(0));
  }

  private Connection connect() throws Exception {
    return DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("platform.db"));
  }

  private static void writeAtRandom(Connection c, Random random) throws Exception {
    int kind = random.nextInt(7);
    if (kind <= 1) {
      insert(c, random);
      return;
    }
    String sql =
        switch (kind) {
          case 2 ->
              "UPDATE hpc_jobs SET state = ? WHERE id = (SELECT id FROM hpc_jobs ORDER BY"
                  + " random() LIMIT 1)";
          case 3 ->
              "UPDATE hpc_jobs SET gpu_hours = ? WHERE id = (SELECT id FROM hpc_jobs ORDER BY"
                  + " random() LIMIT 1)";
          case 4 ->
              "UPDATE hpc_jobs SET cluster = ? WHERE id = (SELECT id FROM hpc_jobs ORDER BY"
                  + " random() LIMIT 1)";
          default ->
              "DELETE FROM hpc_jobs WHERE id = (SELECT id FROM hpc_jobs ORDER BY random()"
                  + " LIMIT 1) AND ? IS NOT NULL";
        };
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setObject(
          1,
          switch (kind) {
            case 2 -> state(random);
            case 3 -> figure(random);
            case 4 -> cluster(random);
            case 5 -> model(random);
            default -> 1;
          });
      s.executeUpdate();
    }
  }

  private static void insert(Connection c, Random random) throws Exception {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO hpc_jobs (cluster, name, state, submitted_by, submitted_at, gpu_hours,"
                + " model) VALUES (?, 'train', ?, 'ann', '2026-01-01T00:00:00.000Z', ?, ?)")) {
      s.setString(1, cluster(random));
      s.setString(2, state(random));
      s.setObject(3, figure(random));
      s.setString(4, model(random));
      s.executeUpdate();
    }
  }

  private static String cluster(Random random) {
    return CLUSTERS.get(random.nextInt(CLUSTERS.size()));
  }

  private static String model(Random random) {
    return MODELS.get(random.nextInt(MODELS.size()));
  }

  private static String state(Random random) {
    JobState[] states = JobState.values();
    return states[random.nextInt(states.length)].name();
  }

  /** None, a figure of six decimals (as exa writes), or now and then a finer one. */
  private static BigDecimal figure(Random random) {
    return switch (random.nextInt(8)) {
      case 0, 1 -> null;
      case 2 -> BigDecimal.valueOf(random.nextInt(1_000_000_000), 9);
      default -> BigDecimal.valueOf(random.nextInt(100_000_000), 6);
    };
  }

  private static List<String> tallyRows(Connection c) throws Exception {
    return rows(
        c,
        "SELECT cluster, state, model, jobs, known, millionths, inexact FROM hpc_jobs_tally"
            + " WHERE jobs <> 0 ORDER BY cluster, state, model");
  }

  private static List<String> groupedJobs(Connection c) throws Exception {
    return rows(
        c,
        "SELECT cluster, state, coalesce(model, ''), count(*), count(gpu_hours),"
            + " coalesce(sum(CAST(round(gpu_hours * 1000000) AS INTEGER)), 0),"
            + " coalesce(sum(abs(gpu_hours * 1000000 - round(gpu_hours * 1000000)) > 0.001), 0)"
            + " FROM hpc_jobs GROUP BY cluster, state, coalesce(model, '')"
            + " ORDER BY cluster, state, coalesce(model, '')");
  }

  /** A state's row left by removals holds nothing else either. */
  private static int zeroRowsHoldingSomething(Connection c) throws Exception {
    return Integer.parseInt(
        rows(
                c,
                "SELECT count(*) FROM hpc_jobs_tally WHERE jobs = 0"
                    + " AND (known <> 0 OR millionths <> 0 OR inexact <> 0)")
            .get(0));
  }

  /** Each model's tally as the figures read one by one give it, models with none left out. */
  private static List<String> countedByModel(Connection c) throws Exception {
    List<String> models = new ArrayList<>();
    for (String model : List.of("", "bert", "llama")) {
      List<BigDecimal> figures = countedFigures(c, "coalesce(model, '')", model);
      if (!figures.isEmpty()) {
        models.add(
            (model.isEmpty() ? "(none)" : model) + ": " + figures(GpuHoursTally.of(figures)));
      }
    }
    return models;
  }

  private static List<String> byModel(List<ModelHours> models) {
    return models.stream()
        .map(m -> (m.model() == null ? "(none)" : m.model()) + ": " + figures(m.hours()))
        .toList();
  }

  /**
   * The figures capacity counts of the jobs whose {@code column} is {@code value}, read one by one:
   * a job awaiting its scheduler only with a figure.
   */
  private static List<BigDecimal> countedFigures(Connection c, String column, String value)
      throws Exception {
    List<BigDecimal> figures = new ArrayList<>();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT state, gpu_hours FROM hpc_jobs WHERE " + column + " = ? ORDER BY id")) {
      s.setString(1, value);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          double hours = r.getDouble(2);
          BigDecimal figure = r.wasNull() ? null : BigDecimal.valueOf(hours);
          if (!JobState.valueOf(r.getString(1)).awaitsScheduler() || figure != null) {
            figures.add(figure);
          }
        }
      }
    }
    return figures;
  }

  /** Jobs, unknown ones and the sum, whatever its scale (3.00 and 3.0 are one figure). */
  private static String figures(GpuHoursTally tally) {
    return tally.jobs()
        + " jobs, "
        + tally.unknownJobs()
        + " unknown, "
        + tally.known().stripTrailingZeros().toPlainString()
        + " GPU-h";
  }

  private static List<String> rows(Connection c, String sql) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      int columns = r.getMetaData().getColumnCount();
      while (r.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= columns; i++) {
          row.append(i == 1 ? "" : "|").append(r.getString(i));
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }
}
