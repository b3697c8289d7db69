package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jobs that have not ended, on a real platform.db: what placement and the GPUs in use read,
 * found through the partial index of migration 014 rather than by reading every job ever run.
 */
class UnfinishedJobsTest {
  private static final Actor ADMIN = Actor.cli("admin");
  @TempDir Path dir;
  private JobStore store;

  @BeforeEach
  void twoActiveClusters() {
    ClusterRegistry registry =
        ClusterRegistry.open(
            TestFleets.settings(
                Map.of(
                    "EXAMLOPS_HPC_REGISTRY",
                    dir.resolve("clusters.yaml").toString(),
                    "EXAMLOPS_DATA_DIR",
                    dir.resolve("data").toString())),
            Clock.systemUTC());
    for (String name : List.of("a", "b")) {
      registry.register(
          ClusterDefinition.local(name, SlurmAdapter.KIND), Fingerprints.NONE, null, ADMIN);
      registry.approve(name, Fingerprints.NONE, ADMIN);
    }
    store = registry.jobStore();
  }

  private TrackedJob job(String cluster, JobState state, int gpus) {
    TrackedJob begun =
        store.begin(
            TrackedJob.submitting(
                cluster, "train", null, null, gpus, 1, null, "ann", Instant.now(), null),
            null);
    TrackedJob submitted = store.complete(begun, "4" + begun.id(), ADMIN);
    return state == JobState.SUBMITTED
        ? submitted
        : store
            .update(List.of(submitted.observed(state, null, null, null, null, null, null, null)))
            .get(0);
  }

  @Test
  void onlyJobsThatHaveNotEndedAreReadNewestFirstAndTheirGpusCount() {
    List<Long> open = new ArrayList<>();
    for (JobState state : JobState.values()) {
      if (state == JobState.SUBMITTING || state == JobState.NOT_SUBMITTED) {
        continue; // not reached through a scheduler's word
      }
      TrackedJob onA = job("a", state, 2);
      job("b", state, 1);
      if (!state.terminal()) {
        open.add(0, onA.id());
      }
    }

    assertThat(store.unfinished("a")).extracting(TrackedJob::id).containsExactlyElementsOf(open);
    assertThat(store.unfinished("a")).noneMatch(j -> j.state().terminal());
    assertThat(store.unfinished(null)).hasSize(open.size() * 2);
    assertThat(store.gpusInUse("a")).isEqualTo(open.size() * 2);
    assertThat(store.gpusInUse("b")).isEqualTo(open.size());
  }

  @Test
  void capacityReadsEachJobsGpuHoursLeavingOutSubmissionsNotConfirmedYet() {
    TrackedJob done = job("a", JobState.COMPLETED, 2);
    store.update(
        List.of(
            done.observed(
                JobState.COMPLETED,
                null,
                null,
                3600L,
                null,
                new java.math.BigDecimal("2.5"),
                0,
                null)));
    job("a", JobState.RUNNING, 1);
    job("a", JobState.SUBMITTED, 1);
    job("b", JobState.COMPLETED, 1);

    assertThat(store.gpuHours("a"))
        .as("the completed job's figure, the running one's unknown; the unconfirmed one left out")
        .isEqualTo(new GpuHoursTally(new java.math.BigDecimal("2.5"), 2, 1));
    assertThat(store.gpuHours("a"))
        .as("the same tally as the rows read whole")
        .isEqualTo(
            GpuHoursTally.of(
                store.list(new JobRecords.Filter("a", null, null)).stream()
                    .filter(j -> !j.state().awaitsScheduler() || j.gpuHours() != null)
                    .map(TrackedJob::gpuHours)
                    .toList()));
  }

  @Test
  void theTallyAddedBySqliteIsTheSumOfTheFiguresReadOneByOne() throws Exception {
    List<String> figures = List.of("0.001111", "1.25", "2.5", "0.000001", "12345.678901");
    for (String figure : figures) {
      TrackedJob done = job("a", JobState.COMPLETED, 1);
      store.update(
          List.of(
              done.observed(
                  JobState.COMPLETED,
                  null,
                  null,
                  60L,
                  null,
                  new java.math.BigDecimal(figure),
                  0,
                  null)));
    }
    job("a", JobState.FAILED, 1); // ended without a figure: unknown
    GpuHoursTally added = store.gpuHours("a");
    assertThat(added.known()).isEqualByComparingTo("12349.430013");
    assertThat(added.jobs()).isEqualTo(figures.size() + 1);
    assertThat(added.unknownJobs()).isEqualTo(1);
    GpuHoursTally rowByRow =
        GpuHoursTally.of(
            store.list(new JobRecords.Filter("a", null, null)).stream()
                .map(TrackedJob::gpuHours)
                .toList());
    assertThat(added.known())
        .as("what the rows read whole and added in Java give, to the last decimal")
        .isEqualByComparingTo(rowByRow.known());
    assertThat(added.jobs()).isEqualTo(rowByRow.jobs());
    assertThat(added.unknownJobs()).isEqualTo(rowByRow.unknownJobs());

    // A figure finer than a millionth (written by hand): added row by row, still exact.
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data/platform.db"));
        var s = c.createStatement()) {
      s.executeUpdate(
          "UPDATE hpc_jobs SET gpu_hours = 0.0000004 WHERE cluster = 'a' AND state = 'FAILED'");
    }
    assertThat(store.gpuHours("a").known()).isEqualByComparingTo("12349.4300134");
    assertThat(store.gpuHours("a").unknownJobs()).isZero();
  }

  @Test
  void sqliteFindsThemThroughTheIndexOfMigration14() throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data/platform.db"));
        var s = c.createStatement()) {
      for (String where :
          List.of(JobStore.UNFINISHED, "cluster = 'a' AND " + JobStore.UNFINISHED)) {
        StringBuilder plan = new StringBuilder();
        try (ResultSet r =
            s.executeQuery(
                "EXPLAIN QUERY PLAN SELECT id FROM hpc_jobs INDEXED BY hpc_jobs_unfinished WHERE "
                    + where
                    + " ORDER BY id DESC")) {
          while (r.next()) {
            plan.append(r.getString("detail")).append('\n');
          }
        }
        assertThat(plan.toString()).as(where).contains("hpc_jobs_unfinished");
      }
    }
  }

  @Test
  void aRoundsObservationsAreStoredTogetherOrNotAtAll() {
    TrackedJob first = job("a", JobState.RUNNING, 1);
    TrackedJob second = job("a", JobState.RUNNING, 1);
    // a record that no longer exists: begun, then discarded
    TrackedJob gone =
        store.begin(
            TrackedJob.submitting("a", "train", null, null, 1, 1, null, "ann", Instant.now(), null),
            null);
    store.discard(gone);
    TrackedJob ended = first.observed(JobState.COMPLETED, null, null, null, null, null, 0, null);

    assertThatThrownBy(() -> store.update(List.of(ended, gone)))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("tracked job " + gone.id() + " does not exist");
    assertThat(store.find(first.id()).orElseThrow().state()).isEqualTo(JobState.RUNNING);

    List<TrackedJob> stored =
        store.update(
            List.of(
                ended, second.observed(JobState.COMPLETED, null, null, null, null, null, 1, null)));
    assertThat(stored).extracting(TrackedJob::id).containsExactly(first.id(), second.id());
    assertThat(stored).extracting(TrackedJob::exitCode).containsExactly(0, 1);
    assertThat(store.unfinished("a")).isEmpty();
  }
}
