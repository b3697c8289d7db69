package io.examlops.fleet.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which tracked jobs a snapshot leaves out, and what they claim: the rule on values. */
class ClaimsTest {
  private static final Instant TAKEN = Instant.parse("2026-11-29T12:01:00Z");
  private static final Instant BEFORE = TAKEN.minusSeconds(60);
  private static final Instant AFTER = TAKEN.plusSeconds(60);

  static TrackedJob job(
      String cluster,
      String partition,
      Integer gpus,
      JobState state,
      Instant submittedAt,
      Instant startedAt) {
    return new TrackedJob(
        1,
        cluster,
        "42",
        "train",
        null,
        null,
        gpus,
        1,
        partition,
        state,
        "alice",
        submittedAt,
        startedAt,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  private static Claims.Claimed unseen(TrackedJob... jobs) {
    return Claims.of(List.of(jobs)).unseenBy(TAKEN, null);
  }

  @Test
  void aJobSubmittedAfterTheSnapshotClaimsItsGpusWhateverItsState() {
    assertThat(unseen(job("a", "gpu", 4, JobState.SUBMITTED, AFTER, null)))
        .isEqualTo(new Claims.Claimed(4, 1, true));
    assertThat(unseen(job("a", "gpu", 4, JobState.RUNNING, AFTER, AFTER)))
        .isEqualTo(new Claims.Claimed(4, 1, true));
  }

  @Test
  void aJobWaitingWhenTheSnapshotWasTakenClaimsItsGpus() {
    assertThat(unseen(job("a", "gpu", 2, JobState.PENDING, BEFORE, null)))
        .isEqualTo(new Claims.Claimed(2, 1, false));
    assertThat(unseen(job("a", "gpu", 2, JobState.SUBMITTING, BEFORE, null)).gpus()).isEqualTo(2);
    assertThat(unseen(job("a", "gpu", 2, JobState.RUNNING, BEFORE, AFTER)))
        .as("started after the snapshot: it was waiting then")
        .isEqualTo(new Claims.Claimed(2, 1, false));
  }

  @Test
  void aJobRunningWhenTheSnapshotWasTakenIsInItAlready() {
    assertThat(unseen(job("a", "gpu", 2, JobState.RUNNING, BEFORE, BEFORE)))
        .isEqualTo(Claims.Claimed.NONE);
    assertThat(unseen(job("a", "gpu", 2, JobState.RUNNING, BEFORE, TAKEN)))
        .isEqualTo(Claims.Claimed.NONE);
    assertThat(unseen(job("a", "gpu", 2, JobState.RUNNING, BEFORE, null)))
        .as("running, start not recorded: it was running at the snapshot")
        .isEqualTo(Claims.Claimed.NONE);
  }

  @Test
  void endedAndCpuOnlyJobsClaimNothing() {
    assertThat(unseen(job("a", "gpu", 4, JobState.COMPLETED, AFTER, AFTER)))
        .isEqualTo(Claims.Claimed.NONE);
    assertThat(unseen(job("a", "gpu", 4, JobState.NOT_SUBMITTED, AFTER, null)))
        .isEqualTo(Claims.Claimed.NONE);
    assertThat(unseen(job("a", null, 0, JobState.SUBMITTED, AFTER, null)))
        .isEqualTo(Claims.Claimed.NONE);
    assertThat(unseen(job("a", null, null, JobState.SUBMITTED, AFTER, null)))
        .isEqualTo(Claims.Claimed.NONE);
  }

  @Test
  void aJobClaimsInItsPartitionAndOneSentToTheDefaultPartitionClaimsInEvery() {
    Claims claims =
        Claims.of(
            List.of(
                job("a", "gpu", 4, JobState.SUBMITTED, AFTER, null),
                job("a", null, 1, JobState.SUBMITTED, AFTER, null)));

    assertThat(claims.unseenBy(TAKEN, "gpu").gpus()).isEqualTo(5);
    assertThat(claims.unseenBy(TAKEN, "debug")).isEqualTo(new Claims.Claimed(1, 1, true));
    assertThat(claims.unseenBy(TAKEN, null).gpus()).as("the whole cluster").isEqualTo(5);
  }

  @Test
  void eachClusterHasItsOwnClaims() {
    Claims claims =
        Claims.of(
            List.of(
                job("a", "gpu", 4, JobState.SUBMITTED, AFTER, null),
                job("b", "gpu", 2, JobState.SUBMITTED, AFTER, null)));

    assertThat(claims.on("a").unseenBy(TAKEN, "gpu").gpus()).isEqualTo(4);
    assertThat(claims.on("b").unseenBy(TAKEN, "gpu").gpus()).isEqualTo(2);
    assertThat(claims.on("c").unseenBy(TAKEN, "gpu")).isEqualTo(Claims.Claimed.NONE);
  }

  @Test
  void theSumOfManyLargeAsksDoesNotOverflow() {
    TrackedJob large = job("a", "gpu", GpuAsk.MAX, JobState.PENDING, AFTER, null);
    Claims claims = Claims.of(Collections.nCopies(3000, large));

    assertThat(claims.unseenBy(TAKEN, "gpu"))
        .isEqualTo(new Claims.Claimed(Integer.MAX_VALUE, 3000, true));
  }

  @Test
  void claimedGpusTakeTheLargestIdleSlotsFirst() {
    LargestFirst idle = LargestFirst.of(List.of(2, 4));

    assertThat(idle.less(0)).isEqualTo(idle);
    assertThat(idle.less(1)).isEqualTo(LargestFirst.of(List.of(3, 2)));
    assertThat(idle.less(5)).isEqualTo(LargestFirst.of(List.of(1, 0)));
    assertThat(idle.less(Integer.MAX_VALUE).total()).isZero();
  }
}
