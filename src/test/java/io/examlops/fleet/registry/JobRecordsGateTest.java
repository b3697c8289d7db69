package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job is recorded only for an ACTIVE cluster, whoever submits it (this machine's exa, or the
 * console for its agents), on a real platform.db.
 */
class JobRecordsGateTest {
  private static final Actor ADMIN = Actor.cli("admin");
  @TempDir Path dir;
  private ClusterRegistry registry;
  private JobStore store;

  @BeforeEach
  void aPendingCluster() {
    registry =
        ClusterRegistry.open(
            TestFleets.settings(
                Map.of(
                    "EXAMLOPS_HPC_REGISTRY",
                    dir.resolve("clusters.yaml").toString(),
                    "EXAMLOPS_DATA_DIR",
                    dir.resolve("data").toString())),
            Clock.systemUTC());
    registry.register(
        ClusterDefinition.local("sl", SlurmAdapter.KIND), Fingerprints.NONE, null, ADMIN);
    store = registry.jobStore();
  }

  private static TrackedJob submitting() {
    return TrackedJob.submitting(
        "sl", "train", null, null, 1, 1, null, "ann", Instant.parse("2026-01-01T00:00:00Z"), null);
  }

  @Test
  void aPendingRejectedOrUnknownClusterGetsNoJobRecord() {
    NotApprovedException pending =
        catchThrowableOfType(NotApprovedException.class, () -> store.begin(submitting(), null));
    registry.reject("sl", "wrong account", ADMIN);
    NotApprovedException rejected =
        catchThrowableOfType(NotApprovedException.class, () -> store.begin(submitting(), "t-1"));

    assertThat(pending.kind()).isEqualTo(ErrorKind.NOT_APPROVED);
    assertThat(pending.getMessage())
        .isEqualTo(
            "no job is recorded for cluster 'sl': it is PENDING, not ACTIVE; an admin must approve"
                + " it first");
    assertThat(rejected.getMessage()).contains("it is REJECTED, not ACTIVE");
    assertThat(store.list(JobRecords.Filter.ALL)).isEmpty();
    assertThat(store.latestTagged("t-1")).isEmpty();
  }

  @Test
  void anActiveClusterGetsItsJobRecorded() {
    registry.approve("sl", Fingerprints.NONE, ADMIN);

    TrackedJob begun = store.begin(submitting(), "t-1");

    assertThat(begun.id()).isPositive();
    assertThat(store.latestTagged("t-1")).contains(begun);
  }
}
