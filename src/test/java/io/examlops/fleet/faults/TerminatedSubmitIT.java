package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.registry.WriteHook;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code submit --wait} signalled (SIGTERM, how Jenkins aborts a step) while it is still
 * submitting, before the wait starts: the job the scheduler accepted is cancelled, not left running
 * with a record stuck in "submitting" (the real {@code exa}, the mock backend).
 */
class TerminatedSubmitIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path root;
  private ExaProcess exa;
  private Path script;

  @BeforeEach
  void anActiveMockCluster() throws Exception {
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\necho started\nsleep 120\n");
    exa =
        ExaProcess.onStores(root, root.resolve("clusters.yaml"), root.resolve("data/platform.db"));
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
  }

  @Test
  void aSignalAfterTheSchedulerAcceptedTheJobButBeforeTheWaitCancelsIt() throws Exception {
    ExaProcess.Result run =
        exa.stoppingAt(WriteHook.WriteStep.JOB_SENT_BEFORE_RECORD)
            .runAndTerminate(
                3000, "hpc", "submit", "--cluster", "demo", "--wait", script.toString());

    assertThat(run.err())
        .as(run.all())
        .containsPattern("exa: interrupted: cancelled job 1 \\(demo ");
    JsonNode job = jobs().get(0);
    assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("cancelled");
    assertThat(job.get("schedulerJobId").asText()).isNotBlank();
  }

  @Test
  void withLeaveRunningTheJobKeepsRunningAndIsRecorded() throws Exception {
    ExaProcess.Result run =
        exa.stoppingAt(WriteHook.WriteStep.JOB_SENT_BEFORE_RECORD)
            .runAndTerminate(
                3000,
                "hpc",
                "submit",
                "--cluster",
                "demo",
                "--wait",
                "--leave-running",
                script.toString());

    assertThat(run.err()).as(run.all()).contains("it keeps running (--leave-running)");
    JsonNode job = jobs().get(0);
    assertThat(job.get("state").asText()).isIn("submitted", "running");
    assertThat(exa.run("hpc", "cancel", "1").exitCode()).isZero();
  }

  private JsonNode jobs() throws Exception {
    ExaProcess.Result listed = exa.run("--json", "hpc", "jobs");
    assertThat(listed.exitCode()).as(listed.all()).isZero();
    JsonNode jobs = JSON.readTree(listed.out()).get("jobs");
    assertThat(jobs).hasSize(1);
    return jobs;
  }
}
