package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How what a scheduler reports is applied to a tracked job. */
class JobTrackerTest {
  private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
  private final JobTracker service =
      new JobTracker(
          new Clusters(
              null,
              null,
              null,
              StandardSchedulers.adapters(),
              new SchedulerContext(TestFleets.settings(Map.of()), Clock.systemUTC(), c -> 0)));

  private static TrackedJob submitted(int gpus) {
    return new TrackedJob(
        7,
        "tc",
        "42",
        "train",
        "JPCP",
        "PM100",
        gpus,
        1,
        "gpu",
        JobState.SUBMITTED,
        "alice",
        T0,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static JobAccounting accounting(JobState state, Duration elapsed, Integer gpus) {
    return new JobAccounting(
        SlurmAdapter.KIND,
        "42",
        "train",
        "hpcuser",
        "ml",
        "gpu",
        state,
        state.name(),
        0,
        0,
        elapsed,
        T0.plusSeconds(5),
        state.terminal() ? T0.plusSeconds(5).plus(elapsed) : null,
        1,
        "g1",
        gpus);
  }

  @Test
  void gpuHoursComeFromTheSchedulersOwnCountWhenItHasOne() {
    TrackedJob job =
        service.apply(
            submitted(1),
            new JobStatus(
                JobStatus.Source.ACCOUNTING,
                accounting(JobState.COMPLETED, Duration.ofMinutes(30), 4),
                null));

    assertThat(job.state()).isEqualTo(JobState.COMPLETED);
    assertThat(job.gpus()).isEqualTo(4);
    assertThat(job.gpuHours()).isEqualByComparingTo(new BigDecimal("2"));
    assertThat(job.elapsedSeconds()).isEqualTo(1800);
    assertThat(job.endedAt()).isEqualTo(T0.plusSeconds(5 + 1800));
  }

  @Test
  void withoutAnAccountingGpuCountTheRequestedGpusCount() {
    TrackedJob job =
        service.apply(
            submitted(2),
            new JobStatus(
                JobStatus.Source.ACCOUNTING,
                accounting(JobState.FAILED, Duration.ofHours(3), null),
                null));

    assertThat(job.gpus()).isEqualTo(2);
    assertThat(job.gpuHours()).isEqualByComparingTo(new BigDecimal("6"));
  }

  @Test
  void unknownElapsedLeavesGpuHoursUnknownNeverZero() {
    TrackedJob job =
        service.apply(
            submitted(2),
            new JobStatus(JobStatus.Source.QUEUE, accounting(JobState.PENDING, null, 2), null));

    assertThat(job.state()).isEqualTo(JobState.PENDING);
    assertThat(job.gpuHours()).isNull();
  }

  @Test
  void aJobTheSchedulerDoesNotKnowYetStaysAsItWas() {
    TrackedJob before = submitted(1);

    TrackedJob after =
        service.apply(
            before,
            new JobStatus(
                JobStatus.Source.NOT_FOUND,
                accounting(JobState.UNKNOWN, null, null),
                "not in squeue or sacct yet"));

    assertThat(after).isEqualTo(before);
  }

  @Test
  void theSchedulersSubmitTimeAndQueueReplaceTheFleetsGuesses() {
    TrackedJob defaulted =
        new TrackedJob(
            8,
            "fx",
            "ftm12jaw",
            "train",
            null,
            null,
            1,
            1,
            null,
            JobState.SUBMITTED,
            "alice",
            T0.plusSeconds(30),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
    Instant tSubmit = T0.plusSeconds(2);

    TrackedJob job =
        service.apply(
            defaulted,
            new JobStatus(
                JobStatus.Source.ACCOUNTING,
                accounting(JobState.FAILED, Duration.ofSeconds(7), 1),
                "exec exception: node failure on node03 (rank 2)",
                tSubmit));

    assertThat(job.submittedAt()).isEqualTo(tSubmit);
    assertThat(job.submittedAt()).isBefore(job.startedAt());
    assertThat(job.partition()).as("the queue the job landed in").isEqualTo("gpu");
    assertThat(job.reason()).isEqualTo("exec exception: node failure on node03 (rank 2)");
    assertThat(
            service
                .apply(
                    submitted(1),
                    new JobStatus(
                        JobStatus.Source.QUEUE, accounting(JobState.RUNNING, null, 1), null))
                .submittedAt())
        .as("kept when the scheduler does not say")
        .isEqualTo(T0);
  }

  @Test
  void aJobNoSourceKnowsIsLostWithTheReasonNeverRunning() {
    TrackedJob running =
        submitted(1).observed(JobState.RUNNING, T0.plusSeconds(5), null, 60L, 1, null, null, null);
    JobAccounting gone =
        new JobAccounting(
            SlurmAdapter.KIND,
            "42",
            null,
            null,
            null,
            null,
            JobState.LOST,
            "",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);

    TrackedJob after =
        service.apply(running, new JobStatus(JobStatus.Source.LOST, gone, "asked everyone"));

    assertThat(after.state()).isEqualTo(JobState.LOST);
    assertThat(after.state().terminal()).isTrue();
    assertThat(after.reason()).isEqualTo("asked everyone");
    assertThat(after.startedAt()).isEqualTo(T0.plusSeconds(5));
  }

  @Test
  void aRecordOfTheJobIsTakenOneOlderThanItsSubmissionIsNot() {
    JobAccounting recorded =
        new JobAccounting(
            SlurmAdapter.KIND,
            "42",
            null,
            null,
            null,
            null,
            JobState.FAILED,
            "exit 3",
            3,
            null,
            Duration.ofSeconds(7),
            T0.plusSeconds(5),
            T0.plusSeconds(12),
            null,
            null,
            null);
    TrackedJob fresh =
        service.apply(
            submitted(1),
            new JobStatus(JobStatus.Source.RECORD, recorded, "from its exit-status record"));
    assertThat(fresh.state()).isEqualTo(JobState.FAILED);
    assertThat(fresh.exitCode()).isEqualTo(3);
    assertThat(fresh.gpuHours()).isEqualByComparingTo(new BigDecimal("0.001944"));

    JobAccounting older =
        new JobAccounting(
            SlurmAdapter.KIND,
            "42",
            null,
            null,
            null,
            null,
            JobState.COMPLETED,
            "exit 0",
            0,
            null,
            Duration.ofSeconds(7),
            T0.minus(Duration.ofHours(2)),
            T0.minus(Duration.ofHours(2)).plusSeconds(7),
            null,
            null,
            null);
    TrackedJob stale =
        service.apply(
            submitted(1),
            new JobStatus(JobStatus.Source.RECORD, older, "from its exit-status record"));
    assertThat(stale.state()).isEqualTo(JobState.LOST);
    assertThat(stale.reason()).contains("belongs to an earlier job of the same id");
    assertThat(stale.exitCode()).isNull();
  }
}
