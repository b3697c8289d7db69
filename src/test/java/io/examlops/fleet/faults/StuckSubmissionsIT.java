package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.registry.WriteHook.WriteStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code exa} killed with SIGKILL at each point of a submission, then the next command
 * that touches the cluster: no record is left submitting for good and no job the scheduler ran is
 * untracked (the mock backend keeps each submission's mark). The grace period after which a
 * submission not found is not-submitted passes on the process's clock ({@link
 * ExaProcess#clockAhead}), not by waiting.
 */
class StuckSubmissionsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration PAST_THE_GRACE = Duration.ofMinutes(16);

  @TempDir Path root;
  private Path db;
  private Path script;
  private ExaProcess exa;

  @BeforeEach
  void anActiveMockCluster() throws Exception {
    db = root.resolve("data/platform.db");
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\nsleep 60\n");
    exa = ExaProcess.onStores(root, root.resolve("clusters.yaml"), db);
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
  }

  @Test
  void killedBeforeSendingIsNotSubmittedOnceTheGracePeriodPassed() throws Exception {
    exa.stoppingAt(WriteStep.JOB_RECORDED_BEFORE_SEND)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    ExaProcess.Result soon = exa.run("--json", "hpc", "jobs");
    ok(soon);
    assertThat(job(soon).get("state").asText())
        .as("it may still be on its way")
        .isEqualTo("submitting");
    assertThat(soon.all()).contains("demo has no job sent with its mark yet");

    ExaProcess.Result later = exa.clockAhead(PAST_THE_GRACE).run("--json", "hpc", "jobs");
    ok(later);
    JsonNode job = job(later);
    assertThat(job.get("state").asText()).isEqualTo("not-submitted");
    assertThat(job.get("reason").asText())
        .contains("its submitter stopped before sending it")
        .contains("demo has no job sent with its mark exa-1-");
    assertThat(root.resolve("data/mock-jobs")).doesNotExist();
    ExaProcess.Result table = exa.run("hpc", "jobs");
    assertThat(table.out()).contains("not-submitted");
    assertThat(audit()).contains("not-submitted");
  }

  @Test
  void killedAfterTheSchedulerAcceptedIsFoundByItsMarkAndTracked() throws Exception {
    exa.stoppingAt(WriteStep.JOB_SENT_BEFORE_RECORD)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    ExaProcess.Result listed = exa.run("--json", "hpc", "jobs");

    ok(listed);
    JsonNode job = job(listed);
    assertThat(job.get("schedulerJobId").asText()).isEqualTo("mock-1");
    assertThat(job.get("state").asText()).isIn("submitted", "pending", "running");
    assertThat(listed.all()).contains("demo has it as mock-1, recorded now");
    ok(exa.run("hpc", "cancel", "1"));
    assertThat(job(exa.run("--json", "hpc", "jobs")).get("state").asText()).isEqualTo("cancelled");
  }

  @Test
  void theNextSubmissionToTheClusterRecordsWhatTheKilledOneSent() throws Exception {
    exa.stoppingAt(WriteStep.JOB_SENT_BEFORE_RECORD)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    ok(exa.run("hpc", "submit", "--cluster", "demo", script.toString()));

    List<String> rows = StoredState.rows(db).get("hpc_jobs");
    assertThat(rows).hasSize(2).noneMatch(r -> r.contains("|SUBMITTING|"));
    assertThat(rows.get(0)).contains("|demo|mock-1|");
    assertThat(rows.get(1)).contains("|demo|mock-2|");
    ok(exa.run("hpc", "cancel", "1"));
    ok(exa.run("hpc", "cancel", "2"));
  }

  @Test
  void aStuckRowThatNeverReachedTheSchedulerIsClearedByCancel() throws Exception {
    exa.stoppingAt(WriteStep.JOB_RECORDED_BEFORE_SEND)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    ExaProcess.Result cancelled = exa.run("hpc", "cancel", "1");

    ok(cancelled);
    assertThat(cancelled.all())
        .doesNotContain("null")
        .contains("Job 1 (demo, never sent): already ended, now not-submitted")
        .contains("cleared by ann");
    assertThat(job(exa.run("--json", "hpc", "jobs")).get("state").asText())
        .isEqualTo("not-submitted");
  }

  @Test
  void aStuckRowWhoseJobRunsIsCancelledOnItsScheduler() throws Exception {
    exa.stoppingAt(WriteStep.JOB_SENT_BEFORE_RECORD)
        .runAndKill("hpc", "submit", "--cluster", "demo", script.toString());

    ExaProcess.Result cancelled = exa.run("--json", "hpc", "cancel", "1");

    ok(cancelled);
    JsonNode job = JSON.readTree(cancelled.out()).get("job");
    assertThat(job.get("schedulerJobId").asText()).isEqualTo("mock-1");
    assertThat(job.get("state").asText()).isEqualTo("cancelled");
  }

  @Test
  void aSchedulerIdRecordedBeforeNeverBlocksRecordingANewJob() throws Exception {
    // An earlier record holds mock-1 (the scheduler's ids restarted): the next job is mock-1 too.
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute(
          "INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, state, submitted_by,"
              + " submitted_at) VALUES ('demo', 'mock-1', 'old', 'COMPLETED', 'ann',"
              + " '2026-01-01T00:00:00Z')");
    }

    ExaProcess.Result submitted =
        exa.run("--json", "hpc", "submit", "--cluster", "demo", script.toString());

    ok(submitted);
    assertThat(JSON.readTree(submitted.out()).get("job").get("schedulerJobId").asText())
        .isEqualTo("mock-1");
    assertThat(StoredState.rows(db).get("hpc_jobs")).noneMatch(r -> r.contains("|SUBMITTING|"));
    ExaProcess.Result cancelled = exa.run("hpc", "cancel", "mock-1");
    ok(cancelled);
    assertThat(cancelled.out()).startsWith("Job 2 (demo mock-1)");
  }

  private JsonNode job(ExaProcess.Result listed) throws Exception {
    JsonNode jobs = JSON.readTree(listed.out()).get("jobs");
    assertThat(jobs).as(listed.all()).hasSize(1);
    return jobs.get(0);
  }

  private String audit() throws Exception {
    return String.join("\n", StoredState.rows(db).get("audit_events"));
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
