package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmBackend;
import io.examlops.fleet.scheduler.slurm.SlurmGpuTracking;
import io.examlops.fleet.testing.Eventually;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlatformDbTest {
  @TempDir Path dir;

  private static String pragma(PlatformDb db, String name) {
    return db.read(
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getString(1) : null;
          }
        });
  }

  private static List<String> tables(PlatformDb db) {
    return db.read(
        c -> {
          List<String> names = new ArrayList<>();
          try (Statement s = c.createStatement();
              ResultSet rs =
                  s.executeQuery(
                      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE"
                          + " 'sqlite_%' ORDER BY name")) {
            while (rs.next()) {
              names.add(rs.getString(1));
            }
          }
          return names;
        });
  }

  private static int auditRows(PlatformDb db) {
    return db.read(
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT count(*) FROM audit_events")) {
            rs.next();
            return rs.getInt(1);
          }
        });
  }

  @Test
  void anEmptyDatabaseIsMigratedToTheLatestSchema() {
    PlatformDb db = PlatformDb.open(dir.resolve("new/dir/platform.db"));

    assertThat(db.schemaVersion()).isEqualTo(Migrations.latest()).isPositive();
    assertThat(tables(db))
        .containsExactly(
            "access_tokens",
            "access_users",
            "audit_events",
            "audit_events_tally",
            "capacity_samples",
            "fleet_changes",
            "hpc_clusters",
            "hpc_jobs",
            "hpc_jobs_tally",
            "hpc_node_snapshots",
            "hpc_nodes",
            "hpc_queue_entries");
    assertThat(pragma(db, "journal_mode")).isEqualTo("wal");
    assertThat(pragma(db, "foreign_keys")).isEqualTo("1");
    assertThat(pragma(db, "busy_timeout")).isEqualTo("5000");
  }

  @Test
  void reopeningAppliesNothingTwiceAndKeepsData() {
    Path file = dir.resolve("platform.db");
    PlatformDb first = PlatformDb.open(file);
    first.write(
        c -> {
          try (Statement s = c.createStatement()) {
            return s.executeUpdate(
                "INSERT INTO audit_events (at, actor, action, cluster, details_json)"
                    + " VALUES ('2025-01-01T00:00:00.000Z', 'a', 'test', NULL, '{}')");
          }
        });

    PlatformDb again = PlatformDb.open(file);

    assertThat(again.schemaVersion()).isEqualTo(Migrations.latest());
    assertThat(auditRows(again)).isEqualTo(1);
  }

  @Test
  void aDatabaseFromANewerVersionIsRefused() {
    Path file = dir.resolve("platform.db");
    PlatformDb db = PlatformDb.open(file);
    db.write(
        c -> {
          try (Statement s = c.createStatement()) {
            return s.execute("PRAGMA user_version = 99");
          }
        });

    assertThatThrownBy(() -> PlatformDb.open(file))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("schema version 99, newer than this version of exa knows");
  }

  @Test
  void anotherProgramsSqliteFileIsRefusedAndLeftAsItWas() throws Exception {
    Path file = dir.resolve("platform.db");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
      s.execute("INSERT INTO notes (body) VALUES ('keep me')");
    }

    assertThatThrownBy(() -> PlatformDb.open(file))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining(file + " is a SQLite database of another program")
        .hasMessageContaining("point EXAMLOPS_PLATFORM_DB at another file");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet tables =
            s.executeQuery("SELECT group_concat(name) FROM sqlite_master WHERE type = 'table'")) {
      tables.next();
      assertThat(tables.getString(1)).as("nothing migrated into it").isEqualTo("notes");
    }
  }

  @Test
  void aFailedChangeIsRolledBackWhole() {
    PlatformDb db = PlatformDb.open(dir.resolve("platform.db"));
    assertThatThrownBy(
            () ->
                db.write(
                    c -> {
                      audit(c, "first");
                      try (Statement s = c.createStatement()) {
                        // violates the foreign key: no such cluster
                        s.executeUpdate(
                            "INSERT INTO hpc_node_snapshots (cluster, taken_at, taken_by,"
                                + " node_count) VALUES ('ghost', 't', 'a', 0)");
                      }
                      return null;
                    }))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("FOREIGN KEY");

    assertThat(auditRows(db)).isZero();
  }

  @Test
  void writersOfOneProcessTakeTheWriteLockInTheOrderTheyAskedForIt() throws Exception {
    PlatformDb db = PlatformDb.open(dir.resolve("platform.db"));
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread holder =
        new Thread(
            () ->
                db.write(
                    c -> {
                      holding.countDown();
                      awaitQuietly(release);
                      return null;
                    }));
    holder.start();
    holding.await();
    List<Thread> writers = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String action = "turn-" + i;
      Thread writer =
          new Thread(
              () ->
                  db.write(
                      c -> {
                        audit(c, action);
                        return null;
                      }));
      writer.start();
      // queued behind the holder (parked on the process's turn), not polling SQLite's lock
      Eventually.waitUntil(
          action + " parked on the write turn", () -> writer.getState() == Thread.State.WAITING);
      writers.add(writer);
    }
    release.countDown();
    holder.join();
    for (Thread writer : writers) {
      writer.join();
    }

    List<String> turns =
        db.read(
            c -> {
              List<String> actions = new ArrayList<>();
              try (Statement s = c.createStatement();
                  ResultSet rs = s.executeQuery("SELECT action FROM audit_events ORDER BY rowid")) {
                while (rs.next()) {
                  actions.add(rs.getString(1));
                }
              }
              return actions;
            });
    assertThat(turns).containsExactly("turn-0", "turn-1", "turn-2", "turn-3", "turn-4");
  }

  private static void audit(java.sql.Connection c, String action) throws java.sql.SQLException {
    try (java.sql.PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO audit_events (at, actor, action, details_json) VALUES ('t', 'a', ?, '{}')")) {
      s.setString(1, action);
      s.executeUpdate();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Version 8 moves the Flux instance pinned by an approval (version 2's pinned_flux_uri) into the
   * pinned adapter settings, the Flux adapter's flux_uri: the approval still matches the same
   * clusters.yaml entry, and no pinned value is lost, an old pin of a since-rejected cluster
   * included.
   */
  @Test
  void version8MovesThePinnedFluxInstanceIntoTheAdaptersSettings() {
    Path file = dir.resolve("platform.db");
    PlatformDb old = PlatformDb.creating(file);
    old.useWal();
    Migrations.apply(old, 7);
    old.write(
        c -> {
          try (Statement s = c.createStatement()) {
            for (String row :
                List.of(
                    "'tioga', 'ACTIVE', 'flux', 'local', 'alice', NULL, 'flux', 'local',"
                        + " 'local:///run/flux/local'",
                    "'lxp', 'ACTIVE', 'slurm', 'local', 'alice', NULL, 'slurm', 'local', NULL",
                    "'gone', 'REJECTED', 'flux', 'local', NULL, 'alice', 'flux', 'local',"
                        + " 'ssh://h/run/flux/local'")) {
              s.executeUpdate(
                  "INSERT INTO hpc_clusters (name, state, scheduler, transport, approved_by,"
                      + " rejected_by, pinned_scheduler, pinned_transport, pinned_flux_uri,"
                      + " decided_at, reason, updated_at) VALUES ("
                      + row
                      + ", '2025-03-01T10:02:00.000Z', 'why', '2025-03-01T10:02:00.000Z')");
            }
          }
          return null;
        });

    PlatformDb db = PlatformDb.open(file);

    assertThat(db.schemaVersion()).isEqualTo(Migrations.latest());
    ClusterDefinition tioga = ClusterDefinition.local("tioga", FluxAdapter.KIND);
    PinnedConnection pin = db.read(c -> GovernanceTable.find(c, "tioga")).orElseThrow().pinned();
    assertThat(pin.settings()).containsExactly(Map.entry("flux_uri", "local:///run/flux/local"));
    assertThat(
            pin.changesTo(
                PinnedConnection.of(
                    tioga.withSetting("flux_uri", "local:///run/flux/local"), null, null)))
        .isEmpty();
    assertThat(pin.changesTo(PinnedConnection.of(tioga, null, null)))
        .containsExactly("Flux instance (flux_uri) changed from local:///run/flux/local to (none)");
    assertThat(db.read(c -> GovernanceTable.find(c, "lxp")).orElseThrow().pinned().settings())
        .isEmpty();
    List<String> stored =
        db.read(
            c -> {
              List<String> rows = new ArrayList<>();
              try (Statement s = c.createStatement();
                  ResultSet rs =
                      s.executeQuery(
                          "SELECT name, pinned_settings_json FROM hpc_clusters ORDER BY name")) {
                while (rs.next()) {
                  rows.add(rs.getString(1) + " " + rs.getString(2));
                }
              }
              return rows;
            });
    assertThat(stored)
        .containsExactly(
            "gone {\"flux_uri\":\"ssh://h/run/flux/local\"}",
            "lxp null",
            "tioga {\"flux_uri\":\"local:///run/flux/local\"}");
  }

  /**
   * Version 12 adds where a job was asked to write its output: a job recorded before keeps none, so
   * its logs are read from its scheduler's default place, and a new one keeps its own.
   */
  @Test
  void version12KeepsEarlierJobsAtTheDefaultOutputAndStoresANewJobsOwn() {
    Path file = dir.resolve("platform.db");
    PlatformDb old = PlatformDb.creating(file);
    old.useWal();
    Migrations.apply(old, 11);
    old.write(
        c -> {
          try (Statement s = c.createStatement()) {
            s.executeUpdate(
                "INSERT INTO hpc_clusters (name, state, scheduler, transport, approved_by,"
                    + " decided_at, updated_at) VALUES ('lxp', 'ACTIVE', 'slurm', 'local',"
                    + " 'alice', '2025-03-01T10:02:00.000Z', '2025-03-01T10:02:00.000Z')");
            s.executeUpdate(
                "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, state, submitted_by,"
                    + " submitted_at) VALUES ('lxp', '42', 'train', 'COMPLETED', 'alice',"
                    + " '2025-03-01T10:03:00.000Z')");
          }
          return null;
        });

    PlatformDb db = PlatformDb.open(file);
    JobStore jobs = new JobStore(db, java.time.Clock.systemUTC());

    TrackedJob earlier = jobs.find(1).orElseThrow();
    assertThat(earlier.output()).isNull();
    assertThat(new SlurmBackend(SlurmGpuTracking.TRACKED).outputFile("42", earlier.outputPath()))
        .isEqualTo("~/examlops-42.out");
    TrackedJob begun =
        jobs.begin(
            TrackedJob.submitting(
                "lxp",
                "train",
                null,
                null,
                1,
                1,
                null,
                "alice",
                java.time.Instant.parse("2025-03-01T10:04:00Z"),
                OutputPath.of("runs/%x-%j.out").named("train")));
    assertThat(jobs.find(begun.id()).orElseThrow().output()).isEqualTo("runs/train-%j.out");
  }
}
