package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.testing.Eventually;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code exa} killed with SIGKILL at every write step of connect, approve and submit (the
 * registry's crash points): what is stored afterwards is the state before, or the step's complete
 * result, never half of it, and the next command works.
 */
class KilledWritesIT {
  @TempDir Path root;
  private Path yaml;
  private Path db;
  private Path marker;
  private Path script;
  private ExaProcess exa;

  @BeforeEach
  void anActiveMockCluster() throws Exception {
    yaml = root.resolve("clusters.yaml");
    db = root.resolve("data/platform.db");
    marker = root.resolve("job-ran");
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\necho ran > " + marker + "\n");
    exa = ExaProcess.onStores(root, yaml, db);
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
  }

  @Test
  void connectKilledBeforeTheYamlRenameLeavesBothStoresAsTheyWere() throws Exception {
    StoredState before = StoredState.of(yaml, db);

    exa.stoppingAt(WriteHook.WriteStep.CLUSTERS_YAML_BEFORE_RENAME)
        .runAndKill("hpc", "connect", "local", "--name", "added", "--scheduler", "mock");

    assertThat(StoredState.of(yaml, db).yamlText()).isEqualTo(before.yamlText());
    assertThat(StoredState.of(yaml, db).rows()).isEqualTo(before.rows());
    ok(exa.run("hpc", "connect", "local", "--name", "added", "--scheduler", "mock"));
    assertThat(state("added")).isEqualTo("PENDING");
    try (Stream<Path> files = Files.list(root)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  void connectKilledBeforeTheCommitLeavesAClusterOnlyListedWhichGrantsNothing() throws Exception {
    StoredState before = StoredState.of(yaml, db);

    exa.stoppingAt(WriteHook.WriteStep.GOVERNANCE_BEFORE_COMMIT)
        .runAndKill("hpc", "connect", "local", "--name", "added", "--scheduler", "mock");

    StoredState after = StoredState.of(yaml, db);
    assertThat(after.yamlText()).startsWith(before.yamlText()).contains("  added:");
    assertThat(after.rows()).isEqualTo(before.rows());
    ExaProcess.Result listed = exa.run("hpc", "clusters");
    assertThat(listed.out()).containsPattern("added +PENDING +no");
    ExaProcess.Result refused = exa.run("hpc", "submit", "--cluster", "added", script.toString());
    assertThat(refused.exitCode()).isEqualTo(5);
    ok(exa.run("hpc", "connect", "local", "--name", "added", "--scheduler", "mock"));
    assertThat(actions("added")).containsExactly("register");
  }

  @Test
  void approveKilledBeforeTheCommitLeavesTheClusterPending() throws Exception {
    ok(exa.run("hpc", "connect", "local", "--name", "added", "--scheduler", "mock"));
    StoredState before = StoredState.of(yaml, db);

    exa.stoppingAt(WriteHook.WriteStep.GOVERNANCE_BEFORE_COMMIT)
        .runAndKill("hpc", "approve", "added");

    assertThat(StoredState.of(yaml, db).rows()).isEqualTo(before.rows());
    assertThat(state("added")).isEqualTo("PENDING");
    ok(exa.run("hpc", "approve", "added"));
    assertThat(state("added")).isEqualTo("ACTIVE");
    assertThat(actions("added")).containsExactly("register", "approve");
  }

  @Test
  void submitKilledAfterRecordingAndBeforeSendingRanNothingAndShowsTheJobAsSubmitting()
      throws Exception {
    exa.stoppingAt(WriteHook.WriteStep.JOB_RECORDED_BEFORE_SEND)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    assertThat(db.getParent().resolve("mock-jobs")).doesNotExist();
    List<String> jobs = StoredState.rows(db).get("hpc_jobs");
    assertThat(jobs).hasSize(1);
    assertThat(jobs.get(0)).contains("|SUBMITTING|").contains("|demo|null|");
    ExaProcess.Result listed = exa.run("hpc", "jobs");
    ok(listed);
    assertThat(listed.out()).contains("submitting");
    assertThat(listed.all()).contains("demo has no job sent with its mark yet");
    // A job sent after the kill ran to its end: one the killed submit had sent would have started
    // before it and had at least as long to write its marker.
    Path laterMarker = root.resolve("later-job-ran");
    Path later = root.resolve("later.sh");
    Files.writeString(later, "#!/bin/sh\necho ran > " + laterMarker + "\n");
    ok(exa.run("hpc", "submit", "--cluster", "demo", later.toString()));
    Path laterEnd = db.getParent().resolve("mock-jobs/mock-1/exit");
    Eventually.waitUntil(
        "the job sent after the kill ended", Duration.ofMinutes(2), () -> Files.exists(laterEnd));
    assertThat(laterMarker).as("the job sent after the kill ran").exists();
    assertThat(marker).as("the killed submit started no job").doesNotExist();
  }

  @Test
  void submitKilledAfterTheSchedulerAcceptedKeepsTheJobOnRecord() throws Exception {
    exa.stoppingAt(WriteHook.WriteStep.JOB_SENT_BEFORE_RECORD)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    Eventually.waitUntil(
        "the scheduler (mock) ran the job", Duration.ofMinutes(2), () -> Files.exists(marker));
    assertThat(marker).as("the scheduler (mock) ran the job").exists();
    List<String> jobs = StoredState.rows(db).get("hpc_jobs");
    assertThat(jobs).as("recorded before it was sent: not lost").hasSize(1);
    assertThat(jobs.get(0)).contains("|SUBMITTING|");
    ok(exa.run("hpc", "submit", "--cluster", "demo", script.toString()));
    List<String> after = StoredState.rows(db).get("hpc_jobs");
    assertThat(after).hasSize(2);
    assertThat(after.get(0))
        .as("the next submission to demo found the first by its mark and recorded it")
        .contains("|demo|mock-1|")
        .doesNotContain("|SUBMITTING|");
    assertThat(after.get(1)).contains("|demo|mock-2|").contains("|SUBMITTED|");
  }

  @Test
  void aJobAcceptedButNotRecordedIsReportedWithItsClusterAndIds() throws Exception {
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute(
          "CREATE TRIGGER lose_the_answer BEFORE UPDATE OF scheduler_job_id ON hpc_jobs"
              + " BEGIN SELECT RAISE(ABORT, 'the store failed'); END");
    }

    ExaProcess.Result run =
        exa.run("--json", "hpc", "submit", "--cluster", "demo", script.toString());

    assertThat(run.exitCode()).as(run.all()).isEqualTo(6);
    assertThat(run.err())
        .contains("demo (mock) accepted the job as mock-1 and it runs")
        .contains("the store failed")
        .contains("job 1, state submitting")
        .contains("exa hpc queue --cluster demo");
    assertThat(run.out()).contains("\"kind\" : \"job-not-recorded\"");
    Eventually.waitUntil("the job ran", Duration.ofMinutes(2), () -> Files.exists(marker));
    assertThat(marker).as("the job did run").exists();
    assertThat(StoredState.rows(db).get("hpc_jobs"))
        .singleElement()
        .asString()
        .contains("|SUBMITTING|");
  }

  private String state(String cluster) throws Exception {
    return StoredState.rows(db).get("hpc_clusters").stream()
        .filter(r -> r.startsWith(cluster + "|"))
        .map(r -> r.split("\\|")[1])
        .findFirst()
        .orElse("none");
  }

  private List<String> actions(String cluster) throws Exception {
    return StoredState.rows(db).get("audit_events").stream()
        .map(r -> r.split("\\|"))
        .filter(r -> r[4].equals(cluster))
        .map(r -> r[3])
        .toList();
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
