package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.flux.LiveFlux;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tracked Flux job is found by every id form Flux prints (the forms of one job as flux-core 0.88
 * converted them), on a real registry and platform.db; a Slurm job id is never reinterpreted.
 */
class JobLookupTest {
  private static final Actor ALICE = Actor.cli("alice");
  @TempDir Path dir;
  private JobTracker jobs;
  private TrackedJob fluxJob;
  private TrackedJob slurmJob;

  @BeforeEach
  void oneFluxAndOneSlurmJob() {
    Map<String, String> env =
        Map.of(
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
    ClusterRegistry registry = ClusterRegistry.open(TestFleets.settings(env), Clock.systemUTC());
    registry.register(
        ClusterDefinition.local("fx", FluxAdapter.KIND),
        Fingerprints.NONE,
        null,
        Actor.cli("alice"));
    registry.register(
        ClusterDefinition.local("sl", SlurmAdapter.KIND),
        Fingerprints.NONE,
        null,
        Actor.cli("alice"));
    // a job is recorded only for an ACTIVE cluster
    registry.approve("fx", Fingerprints.NONE, Actor.cli("admin"));
    registry.approve("sl", Fingerprints.NONE, Actor.cli("admin"));
    JobStore store = registry.jobStore();
    fluxJob = store.complete(store.begin(job("fx", null)), "fMz4uQyd", Actor.cli("alice"));
    slurmJob = store.complete(store.begin(job("sl", null)), "42", Actor.cli("alice"));
    jobs = Trackers.over(env, dir.resolve("known_hosts"));
  }

  private static TrackedJob job(String cluster, String schedulerId) {
    return new TrackedJob(
        0,
        cluster,
        schedulerId,
        "train",
        null,
        null,
        1,
        1,
        null,
        JobState.SUBMITTING,
        "alice",
        Instant.parse("2026-12-01T07:00:00Z"),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  @Test
  void everyNumericFormFluxPrintsFindsTheFluxJob() {
    List<String> forms = LiveFlux.stdout("A-hwloc-test4/63-job-id-conv").strip().lines().toList();

    for (String form :
        List.of("ƒMz4uQyd", forms.get(0), forms.get(1), forms.get(2), forms.get(4), forms.get(5))) {
      assertThat(jobs.find(ALICE, form).id()).as(form).isEqualTo(fluxJob.id());
    }
  }

  @Test
  void slurmIdsAndFleetIdsKeepTheirMeaning() {
    assertThat(jobs.find(ALICE, "42").id()).isEqualTo(slurmJob.id());
    assertThat(jobs.find(ALICE, Long.toString(fluxJob.id())).id()).isEqualTo(fluxJob.id());
    assertThatThrownBy(() -> jobs.find(ALICE, "ƒ2")).hasMessageContaining("no tracked job 'ƒ2'");
  }
}
