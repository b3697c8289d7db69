package io.examlops.fleet.scheduler.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import io.examlops.fleet.transport.LocalRunner;
import io.examlops.fleet.transport.ScriptedRunner;
import io.examlops.fleet.transport.TransportOptions;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs real short jobs as local processes. */
class MockBackendTest {
  @TempDir Path jobs;
  private final LocalRunner local = new LocalRunner(TransportOptions.DEFAULTS);

  private String submit(MockBackend mock, String body, int gpus, Map<String, String> env) {
    SubmitReply result =
        mock.submit(
            local,
            new JobSpec("#!/bin/sh\n" + body, "t", gpus, 1, null, null, null, env, null, null));
    assertThat(result.accepted()).isTrue();
    return result.jobId();
  }

  private static JobAccounting waitUntilEnded(MockBackend mock, LocalRunner runner, String id)
      throws InterruptedException {
    JobStatus[] last = new JobStatus[1];
    Eventually.waitUntil(
        id + " ended",
        Duration.ofSeconds(120),
        () -> (last[0] = mock.track(runner, List.of(id)).get(id)).state().terminal());
    return last[0].job();
  }

  @Test
  void aJobWithAnOutputPathWritesThereAndOnlyThere(@TempDir Path logs) throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    OutputPath output = OutputPath.of(logs.resolve("my runs") + "/%x-%j.log");
    Files.createDirectory(logs.resolve("my runs"));
    JobSpec request =
        JobSpec.of("#!/bin/sh\necho hello; echo oops >&2\n", "named", 0).withOutput(output);

    String id = mock.submit(local, request).jobId();
    assertThat(waitUntilEnded(mock, local, id).state()).isEqualTo(JobState.COMPLETED);

    Path written = logs.resolve("my runs").resolve("named-" + id + ".log");
    assertThat(mock.outputFile(id, request.output())).isEqualTo(written.toString());
    assertThat(Files.readString(written)).isEqualTo("hello\noops\n");
    assertThat(jobs.resolve(id).resolve("output.log")).doesNotExist();
  }

  @Test
  void aMissingOutputDirectoryIsRefusedAndLeavesNoJob(@TempDir Path logs) {
    MockBackend mock = new MockBackend(jobs, "alice");
    JobSpec request =
        JobSpec.of("#!/bin/sh\ntrue\n", "t", 0)
            .withOutput(OutputPath.of(logs.resolve("nosuch") + "/%j.log"));

    assertThatThrownBy(() -> mock.submit(local, request))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("nosuch' does not exist or cannot be written")
        .hasMessageContaining("mkdir -p");
    assertThat(mock.queue(local)).isEmpty();
    assertThat(jobs.resolve("mock-1")).doesNotExist();
  }

  @Test
  void aJobThatExitsZeroCompletesWithElapsedTimeAndGpuHours(@TempDir Path gates) throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    JobAccounting job;
    String id;
    // Held until the queue was read: a 1 s job could end before a slow machine reads it.
    try (JobGate gate = JobGate.in(gates)) {
      id =
          submit(
              mock,
              gate.waitLine() + "sleep 1\necho \"$EXAMLOPS_TOKEN\"\n",
              2,
              Map.of("EXAMLOPS_TOKEN", "s3 cr'et"));
      assertThat(id).isEqualTo("mock-1");
      assertThat(mock.queue(local)).extracting(q -> q.id()).containsExactly("mock-1");
      gate.open();

      job = waitUntilEnded(mock, local, id);
    }

    assertThat(job.state()).isEqualTo(JobState.COMPLETED);
    assertThat(job.exitCode()).isZero();
    assertThat(job.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(900));
    assertThat(job.start()).isNotNull();
    assertThat(job.end()).isAfter(job.start());
    assertThat(job.gpus()).isEqualTo(2);
    BigDecimal expected =
        BigDecimal.valueOf(job.elapsed().toNanos())
            .multiply(BigDecimal.valueOf(2))
            .divide(BigDecimal.valueOf(3_600_000_000_000L), 6, RoundingMode.HALF_UP);
    assertThat(job.gpuHours()).isEqualByComparingTo(expected).isPositive();
    assertThat(Files.readString(jobs.resolve(id).resolve("output.log"))).isEqualTo("s3 cr'et\n");
    assertThat(mock.queue(local)).isEmpty();
  }

  @Test
  void aNonZeroExitIsFailedWithItsCode() throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    String id = submit(mock, "sleep 1; exit 3\n", 1, Map.of());
    JobAccounting job = waitUntilEnded(mock, local, id);
    assertThat(job.state()).isEqualTo(JobState.FAILED);
    assertThat(job.exitCode()).isEqualTo(3);
    assertThat(job.elapsed()).isPositive();
  }

  @Test
  void cancelKillsTheWholeProcessGroup() throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    Path marker = jobs.resolve("survived");
    Path child = jobs.resolve("child.pid");
    String id =
        submit(
            mock,
            "sh -c 'echo $$ >"
                + child
                + ".new && mv "
                + child
                + ".new "
                + child
                + "; sleep 2; touch "
                + marker
                + "' &\nsleep 60\n",
            1,
            Map.of());
    Eventually.waitUntil(
        "the script's background child started",
        Duration.ofSeconds(120),
        () -> Files.exists(child));

    assertThat(mock.cancel(local, id).outcome()).isEqualTo(CancelOutcome.REQUESTED);

    JobAccounting job = waitUntilEnded(mock, local, id);
    assertThat(job.state()).isEqualTo(JobState.CANCELLED);
    assertThat(job.elapsed()).isPositive();
    long pid = Long.parseLong(Files.readString(jobs.resolve(id).resolve("pid")).strip());
    long childPid = Long.parseLong(Files.readString(child).strip());
    // A killed process takes a moment to go, longer on a busy machine: wait for it, not 500 ms.
    Eventually.waitUntil("the wrapper is gone", () -> !running(pid));
    Eventually.waitUntil("the script's background child is gone", () -> !running(childPid));
    assertThat(marker).as("the script's background child was killed too").doesNotExist();
    assertThat(mock.cancel(local, id).outcome()).isEqualTo(CancelOutcome.ALREADY_ENDED);
  }

  /** Whether the process runs: it exists and is not a zombie waiting to be reaped. */
  private static boolean running(long pid) {
    if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      return false;
    }
    try {
      return !Files.readString(Path.of("/proc/" + pid + "/stat")).contains(") Z");
    } catch (java.nio.file.NoSuchFileException e) {
      return false;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void unknownIdsAreNotFoundAndIdsAreNumberedOnwards() throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    assertThat(mock.track(local, List.of("mock-9")).get("mock-9").source())
        .isEqualTo(JobStatus.Source.NOT_FOUND);
    assertThat(mock.cancel(local, "mock-9").outcome()).isEqualTo(CancelOutcome.NOT_FOUND);
    Files.createDirectories(jobs.resolve("mock-41"));
    assertThat(submit(mock, "true\n", 0, Map.of())).isEqualTo("mock-42");
    assertThatThrownBy(() -> mock.track(local, List.of("../etc")))
        .hasMessageContaining("not a mock job id");
    // the job writes its end into the test's directory: let it, before the directory goes
    Eventually.waitUntil(
        "mock-42 ends",
        () -> {
          JobStatus status = mock.track(local, List.of("mock-42")).get("mock-42");
          return status.job() != null && status.job().state().terminal();
        });
  }

  @Test
  void onlyALocalRunnerWillDo() {
    MockBackend mock = new MockBackend(jobs, "alice");
    assertThatThrownBy(() -> mock.queue(new ScriptedRunner()))
        .hasMessageContaining("runs jobs on this machine");
  }

  @Test
  void aRefusedRequestLeavesNoJobDirectoryBehind() throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    JobSpec python =
        new JobSpec(
            "#!/usr/bin/env python3\nprint(1)\n",
            "t",
            1,
            1,
            null,
            null,
            null,
            Map.of("EXAMLOPS_MODEL", "m"),
            null,
            null);

    assertThatThrownBy(() -> mock.submit(local, python)).isInstanceOf(FleetException.class);

    assertThat(jobs).isEmptyDirectory();
    assertThat(mock.queue(local)).isEmpty();
  }

  @Test
  void aDamagedJobDirectoryIsReportedForThatJobOnly() throws Exception {
    MockBackend mock = new MockBackend(jobs, "alice");
    Files.createDirectories(jobs.resolve("mock-1")); // a leftover: no request, no script
    String good = submit(mock, "sleep 30\n", 1, Map.of());
    try {
      var queue = mock.queue(local);
      assertThat(queue).extracting(q -> q.id()).containsExactly("mock-1", good);
      assertThat(queue.get(0).state()).isEqualTo(JobState.UNKNOWN);
      assertThat(queue.get(0).reason()).contains("mock-1 is damaged").contains("remove it");
      assertThat(queue.get(1).state()).isIn(JobState.PENDING, JobState.RUNNING);

      Map<String, JobStatus> tracked = mock.track(local, List.of("mock-1", good));
      assertThat(tracked.get("mock-1").source()).isEqualTo(JobStatus.Source.NOT_FOUND);
      assertThat(tracked.get("mock-1").note()).contains("damaged");
      assertThat(tracked.get(good).state()).isIn(JobState.PENDING, JobState.RUNNING);
    } finally {
      mock.cancel(local, good);
    }
  }
}
