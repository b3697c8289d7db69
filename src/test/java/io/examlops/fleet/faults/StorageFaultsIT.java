package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaProcess;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real {@code exa} against real file faults on its two stores: an immutable or read-only
 * platform.db / clusters.yaml, a full disk, a truncated, emptied or corrupted database. Each case
 * checks the exit code, that the message names the file, what is wrong and the fix, that no secret
 * is printed, and that what is stored is unchanged (clusters.yaml bytes, every database row) — and
 * for a submission, that the job did not run.
 */
class StorageFaultsIT {
  private static final String PASSPHRASE = "never-print-this-passphrase";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int STORE_EXIT = 6;

  @TempDir Path root;
  private Path etc;
  private Path data;
  private Path yaml;
  private Path db;
  private Path marker;
  private Path script;

  @BeforeEach
  void anActiveMockCluster() throws Exception {
    Faults.requireRoot();
    etc = Files.createDirectories(root.resolve("etc"));
    data = Files.createDirectories(root.resolve("data"));
    useStoresIn(etc, data);
    ok(exa().run("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock"));
    ok(exa().run("hpc", "approve", "demo"));
    ok(exa().run("hpc", "connect", "local", "--name", "other", "--scheduler", "mock"));
  }

  private void useStoresIn(Path yamlDir, Path dataDir) throws Exception {
    yaml = yamlDir.resolve("clusters.yaml");
    db = dataDir.resolve("platform.db");
    marker = root.resolve("job-ran");
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\necho ran > " + marker + "\n");
  }

  private ExaProcess exa() {
    return ExaProcess.onStores(root, yaml, db).and("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", PASSPHRASE);
  }

  /** The writes every fault is tried with: connect, approve, reject and submit. */
  private List<String[]> writes() {
    return List.of(
        new String[] {"hpc", "connect", "local", "--name", "added", "--scheduler", "mock"},
        new String[] {"hpc", "approve", "other"},
        new String[] {"hpc", "reject", "demo", "--reason", "retired"},
        new String[] {"hpc", "submit", "--cluster", "demo", script.toString()});
  }

  @ParameterizedTest(name = "platform.db {0}")
  @ValueSource(strings = {"immutable", "read-only mount"})
  void anUnwritablePlatformDbRefusesEveryWriteAndNothingRuns(String fault) throws Exception {
    for (String[] write : writes()) {
      StoredState before = StoredState.of(yaml, db);
      ExaProcess.Result run;
      try (Faults.Fault f =
          fault.equals("immutable") ? Faults.immutable(db) : Faults.readOnly(data)) {
        run = json(write);
      }
      // An immutable file opens read-only (SQLITE_READONLY); a read-only directory cannot take
      // SQLite's -shm file (SQLITE_CANTOPEN): both messages say read-only and chattr -i.
      refusedNaming(run, db, "read-only", "chattr -i");
      unchanged(before);
    }
  }

  @ParameterizedTest(name = "clusters.yaml {0}")
  @ValueSource(strings = {"immutable", "read-only mount"})
  void anUnwritableClustersYamlRefusesConnectAndNoRowIsWritten(String fault) throws Exception {
    StoredState before = StoredState.of(yaml, db);
    ExaProcess.Result run;
    try (Faults.Fault f =
        fault.equals("immutable") ? Faults.immutable(yaml) : Faults.readOnly(etc)) {
      run = json("hpc", "connect", "local", "--name", "added", "--scheduler", "mock");
    }
    refusedNaming(run, yaml, "left as it was", "chattr -i");
    unchanged(before);
  }

  @Test
  void aFullDiskRefusesEveryWriteAndNothingRuns() throws Exception {
    Path full = Files.createDirectories(root.resolve("full"));
    try (Faults.Fault disk = Faults.tmpfs(full, 1024)) {
      Path fullEtc = Files.createDirectories(full.resolve("etc"));
      Path fullData = Files.createDirectories(full.resolve("data"));
      Files.copy(yaml, fullEtc.resolve("clusters.yaml"));
      Files.copy(db, fullData.resolve("platform.db"));
      useStoresIn(fullEtc, fullData);
      Faults.fill(full);
      for (String[] write : writes()) {
        StoredState before = StoredState.of(yaml, db);
        ExaProcess.Result run = json(write);
        refusedNaming(run, db.getParent(), "full", "df -h");
        unchanged(before);
      }
    }
  }

  /** The database's disk is full but clusters.yaml's is not: the yaml edit is taken back. */
  @Test
  void connectTakesItsClustersYamlEditBackWhenTheDatabaseCannotCommit() throws Exception {
    Path full = Files.createDirectories(root.resolve("full"));
    try (Faults.Fault disk = Faults.tmpfs(full, 1024)) {
      Files.copy(db, full.resolve("platform.db"));
      db = full.resolve("platform.db");
      Faults.fill(full);
      StoredState before = StoredState.of(yaml, db);

      ExaProcess.Result run =
          json("hpc", "connect", "local", "--name", "added", "--scheduler", "mock");

      refusedNaming(run, db.getParent(), "full", "df -h");
      unchanged(before);
    }
  }

  @Test
  void anEmptiedDatabaseIsNeverStartedAfreshAndSaysHowToRestoreIt() throws Exception {
    Files.write(db, new byte[0]);
    Files.deleteIfExists(Path.of(db + "-wal"));
    Files.deleteIfExists(Path.of(db + "-shm"));
    byte[] yamlBefore = Files.readAllBytes(yaml);
    for (String[] command :
        List.of(new String[] {"hpc", "clusters"}, writes().get(0), writes().get(3))) {
      ExaProcess.Result run = json(command);

      refusedNaming(run, db, "empty (0 bytes)", "Restore it from a backup");
      assertThat(run.err()).contains("rm " + db);
      assertThat(Files.size(db)).as("not re-created").isZero();
      assertThat(Files.readAllBytes(yaml)).isEqualTo(yamlBefore);
      assertThat(marker).doesNotExist();
    }
    Files.delete(db); // the documented way to start over on purpose
    ok(exa().run("hpc", "clusters"));
    assertThat(StoredState.rows(db)).containsKey("hpc_clusters");
  }

  @Test
  void aTruncatedDatabaseIsReportedAsDamagedWithTheRecoverCommand() throws Exception {
    checkpointed();
    byte[] whole = Files.readAllBytes(db);
    Files.write(db, java.util.Arrays.copyOf(whole, 8192));
    byte[] truncated = Files.readAllBytes(db);

    ExaProcess.Result run = json("hpc", "clusters");

    refusedNaming(run, db, "is damaged", "sqlite3 " + db + " .recover");
    assertThat(Files.readAllBytes(db)).isEqualTo(truncated);
  }

  @Test
  void aDatabaseWithAnOverwrittenHeaderIsReportedAsNotADatabase() throws Exception {
    checkpointed();
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      file.write("this is not a database, it was overwritten by a script".repeat(2).getBytes());
    }
    byte[] corrupted = Files.readAllBytes(db);

    ExaProcess.Result run = json("hpc", "approve", "other");

    refusedNaming(run, db, "not an SQLite database", "Restore it from a backup");
    assertThat(Files.readAllBytes(db)).isEqualTo(corrupted);
  }

  @Test
  void aDatabaseWithCorruptedPagesIsReportedAsDamaged() throws Exception {
    checkpointed();
    long size = Files.size(db);
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      for (long at = 4096; at < size; at += 4096) {
        file.seek(at);
        file.write(new byte[] {(byte) 0xff, (byte) 0xee, 0x13, 0x37, (byte) 0xde, (byte) 0xad});
      }
    }

    ExaProcess.Result run = json("hpc", "clusters");

    refusedNaming(run, db, "is damaged", ".recover");
  }

  @Test
  void aBrandNewPathGetsANewDatabase() throws Exception {
    db = root.resolve("new/dir/platform.db");

    ok(exa().run("hpc", "clusters"));

    assertThat(StoredState.rows(db)).containsKeys("hpc_clusters", "hpc_jobs", "audit_events");
  }

  private ExaProcess.Result json(String... args) throws Exception {
    String[] line = Stream.concat(Stream.of("--json"), Stream.of(args)).toArray(String[]::new);
    return exa().run(line);
  }

  private void refusedNaming(ExaProcess.Result run, Path file, String what, String fix)
      throws Exception {
    assertThat(run.exitCode()).as(run.all()).isEqualTo(STORE_EXIT);
    assertThat(run.err()).contains(file.toString()).contains(what).contains(fix);
    assertThat(run.err()).doesNotContain("SQLiteException").doesNotContain("\tat ");
    var error = JSON.readTree(run.out()).get("error");
    assertThat(error.get("exitCode").asInt()).isEqualTo(STORE_EXIT);
    assertThat(error.get("message").asText()).contains(file.toString());
    noSecretIn(run);
  }

  private static void noSecretIn(ExaProcess.Result run) {
    assertThat(run.all()).doesNotContain(PASSPHRASE).doesNotContain("PRIVATE KEY");
  }

  /** clusters.yaml byte for byte, every row, and no job ran (nor left a job directory). */
  private void unchanged(StoredState before) throws Exception {
    StoredState after = StoredState.of(yaml, db);
    assertThat(after.yamlText()).isEqualTo(before.yamlText());
    assertThat(after.rows()).isEqualTo(before.rows());
    assertThat(marker).doesNotExist();
    Path jobs = db.getParent().resolve("mock-jobs");
    if (Files.isDirectory(jobs)) {
      try (Stream<Path> left = Files.list(jobs)) {
        assertThat(left).isEmpty();
      }
    }
  }

  /** Every change in the main file, none left in the WAL, so that the file alone holds them. */
  private void checkpointed() throws Exception {
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      s.execute("PRAGMA journal_mode=DELETE");
    }
    assertThat(Path.of(db + "-wal")).doesNotExist();
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
