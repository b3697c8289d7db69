package io.examlops.fleet.placement;

import static io.examlops.fleet.placement.PlacementTest.node;
import static io.examlops.fleet.placement.PlacementTest.snapshot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.placement.Claims.Claim;
import io.examlops.fleet.placement.Verdict.Outcome;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Consecutive decisions on the same snapshots see each earlier submission: what tracked jobs claim
 * lowers the idle figures the ranking weighs, and the reasons say so.
 */
class PlacementClaimsTest {
  private static final Instant TAKEN = Instant.parse("2026-11-29T12:01:00Z");
  private static final Instant NOW = TAKEN.plusSeconds(600);
  private final Placement placement = new Placement(Freshness.DEFAULT);

  /** Two clusters alike: one node of 8 idle a100 in partition gpu, seen at 12:01. */
  private static List<PlacementCandidate> twoClusters(List<Claim> submitted) {
    Claims claims = new Claims(submitted);
    return List.of("alpha", "beta").stream()
        .map(
            name ->
                new PlacementCandidate(
                        name,
                        ClusterGate.active(),
                        SlurmAdapter.KIND,
                        null,
                        snapshot(TAKEN, node("n1", "a100", 8, 0, NodeState.IDLE, "gpu")))
                    .withClaims(claims))
        .toList();
  }

  /** Places {@code count} jobs of 4 GPUs one after another, each recorded as it is chosen. */
  private List<PlaceResult> submitOneAfterAnother(int count) {
    List<Claim> submitted = new ArrayList<>();
    List<PlaceResult> results = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      PlaceResult result = placement.place(PlaceRequest.gpus(4), twoClusters(submitted), NOW);
      results.add(result);
      submitted.add(
          new Claim(result.chosen(), result.partition(), 4, TAKEN.plusSeconds(10 + i), null, true));
    }
    return results;
  }

  @Test
  void fourJobsInARowSpreadOverBothClusters() {
    assertThat(submitOneAfterAnother(4))
        .extracting(PlaceResult::chosen)
        .containsExactly("alpha", "beta", "alpha", "beta");
  }

  @Test
  void withoutTrackedJobsEveryDecisionPicksTheSameCluster() {
    for (int i = 0; i < 4; i++) {
      assertThat(placement.place(PlaceRequest.gpus(4), twoClusters(List.of()), NOW).chosen())
          .isEqualTo("alpha");
    }
  }

  @Test
  void theClusterThatLostSaysWhatItsJobsClaim() {
    PlaceResult second = submitOneAfterAnother(2).get(1);

    assertThat(second.explanation())
        .isEqualTo(
            "chose slurm@beta (partition gpu) — 8/8 idle GPUs, 1/1 idle nodes, fits on 1 node");
    Verdict alpha = verdict(second, "alpha");
    assertThat(alpha.outcome()).isEqualTo(Outcome.LOST);
    assertThat(alpha.reason())
        .isEqualTo(
            "fewer idle GPUs (4 < 8); 4 of 8 idle GPUs claimed by 1 job submitted since the"
                + " snapshot of 12:01 UTC");
    assertThat(alpha.reasons())
        .filteredOn(r -> r.rule() == Rule.CLAIMED)
        .extracting(Reason::partition, Reason::status, Reason::asked, Reason::there)
        .containsExactly(tuple("gpu", Reason.Status.PASS, "4", "4"));
  }

  @Test
  void whenBothAreFullTheChosenOneSaysTheJobWaitsAndWhy() {
    PlaceResult fifth = submitOneAfterAnother(5).get(4);

    assertThat(fifth.chosen()).isEqualTo("alpha");
    assertThat(fifth.explanation())
        .isEqualTo(
            "chose slurm@alpha (partition gpu) — 0/8 idle GPUs, 1/1 idle nodes; no idle slot for"
                + " 4 GPUs now, the job waits; 8 of 8 idle GPUs claimed by 2 jobs submitted since"
                + " the snapshot of 12:01 UTC");
  }

  @Test
  void jobsWaitingAtTheSnapshotAndAsksBeyondTheIdleGpusAreSaid() {
    List<Claim> claims =
        List.of(
            new Claim("alpha", "gpu", 6, TAKEN.minusSeconds(60), null, true),
            new Claim("alpha", null, 6, TAKEN.plusSeconds(60), null, true));

    Verdict alpha =
        verdict(placement.place(PlaceRequest.gpus(4), twoClusters(claims), NOW), "alpha");

    assertThat(alpha.reason())
        .isEqualTo(
            "no idle slot for 4 GPUs now; 8 of 8 idle GPUs claimed by 2 jobs (12 GPUs asked)"
                + " submitted since or waiting at the snapshot of 12:01 UTC");
  }

  @Test
  void aCpuOnlyJobIsNotWeighedByClaimedGpus() {
    List<Claim> claims = List.of(new Claim("alpha", "gpu", 8, TAKEN.plusSeconds(60), null, true));

    PlaceResult result =
        placement.place(new PlaceRequest(0, 1, null, "gpu", null), twoClusters(claims), NOW);

    assertThat(result.chosen()).isEqualTo("alpha");
    assertThat(verdict(result, "alpha").reasons()).noneMatch(r -> r.rule() == Rule.CLAIMED);
  }

  private static Verdict verdict(PlaceResult result, String cluster) {
    return result.candidates().stream()
        .filter(v -> v.cluster().equals(cluster))
        .findFirst()
        .orElseThrow();
  }
}
