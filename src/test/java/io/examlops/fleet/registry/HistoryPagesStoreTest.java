package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
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
 * Pages of the job records and the audit trail on a real platform.db, as the Jobs and Activity
 * pages, {@code exa hpc jobs --limit} and the API read them: newest first, cut by {@code LIMIT} and
 * {@code OFFSET} or a cursor, filtered by cluster, user, token, state, actor or action, each
 * through an index of migration 017 (or 001) that hands the rows over in the page's order, so that
 * a page of a year of history reads a page of rows.
 */
class HistoryPagesStoreTest {
  private static final Actor ADMIN = Actor.cli("admin");
  private static final ActingToken CI = new ActingToken("1a2b3c4d", "ci", TokenLimits.NONE);

  @TempDir Path dir;
  private ClusterRegistry registry;
  private JobStore store;

  @BeforeEach
  void twoActiveClusters() {
    registry =
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

  private TrackedJob job(String cluster, String user, ActingToken token, JobState state) {
    TrackedJob begun =
        store.begin(
            TrackedJob.submitting(
                cluster, "train", null, null, 1, 1, null, user, Instant.now(), null),
            null,
            token,
            BigDecimal.ZERO);
    TrackedJob submitted = store.complete(begun, "4" + begun.id(), new Actor(user, Actor.CLI));
    return state == JobState.SUBMITTED
        ? submitted
        : store
            .update(List.of(submitted.observed(state, null, null, null, null, null, null, null)))
            .get(0);
  }

  private static List<Long> ids(List<TrackedJob> jobs) {
    return jobs.stream().map(TrackedJob::id).toList();
  }

  @Test
  void aPageIsTheNewestJobsTheFilterSelectsCutByOffsetOrCursorAndCountedApart() {
    List<Long> anns = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      anns.add(0, job("a", "ann", i % 2 == 0 ? CI : null, JobState.COMPLETED).id());
      job("b", "bob", null, JobState.RUNNING);
    }
    JobRecords.Filter ann = new JobRecords.Filter(null, null, null, "ann", null);

    assertThat(ids(store.list(ann, new JobRecords.Page(null, 0, 3))))
        .containsExactlyElementsOf(anns.subList(0, 3));
    assertThat(ids(store.list(ann, new JobRecords.Page(null, 3, 3))))
        .containsExactlyElementsOf(anns.subList(3, 6));
    assertThat(ids(store.list(ann, new JobRecords.Page(null, 6, 3))))
        .as("the last page holds what is left")
        .containsExactly(anns.get(6));
    assertThat(store.list(ann, new JobRecords.Page(null, 7, 3))).as("past the end").isEmpty();
    assertThat(ids(store.list(ann, new JobRecords.Page(anns.get(2), 0, 3))))
        .as("after the cursor: the ids below it")
        .containsExactlyElementsOf(anns.subList(3, 6));
    assertThat(store.count(ann)).isEqualTo(7);

    JobRecords.Filter token = new JobRecords.Filter(null, null, null, null, CI.id());
    assertThat(store.list(token)).hasSize(4).allMatch(j -> CI.id().equals(j.token()));
    assertThat(store.count(token)).isEqualTo(4);
    assertThat(store.list(new JobRecords.Filter(null, null, null, null, null)))
        .filteredOn(j -> j.submittedBy().equals("ann") && j.token() == null)
        .as("a job submitted without a token has none")
        .hasSize(3);
    assertThat(store.count(new JobRecords.Filter("b", null, JobState.RUNNING))).isEqualTo(7);
    assertThat(store.count(new JobRecords.Filter("a", null, JobState.RUNNING))).isZero();
    assertThat(store.count(JobRecords.Filter.ALL)).isEqualTo(14);
    assertThat(
            ids(
                store.list(
                    new JobRecords.Filter("a", null, JobState.COMPLETED, "ann", CI.id()),
                    new JobRecords.Page(null, 0, 50))))
        .as("every filter at once")
        .containsExactly(anns.get(0), anns.get(2), anns.get(4), anns.get(6));
  }

  @Test
  void aPageOfTheTrailIsReadNewestOrOldestFirstByActorActionOrCluster() {
    job("a", "ann", null, JobState.SUBMITTED); // a submit event of ann's on a
    job("b", "bob", null, JobState.SUBMITTED);
    List<AuditEvent> all = registry.auditTrail();
    AuditTrail.Query newest = new AuditTrail.Query(null, null, null, true, null, null);

    assertThat(registry.auditTrail(newest, 0, 2))
        .extracting(AuditEvent::id)
        .containsExactly(all.get(all.size() - 1).id(), all.get(all.size() - 2).id());
    assertThat(registry.auditTrail(AuditTrail.Query.ALL, 1, 2))
        .extracting(AuditEvent::id)
        .containsExactly(all.get(1).id(), all.get(2).id());
    assertThat(registry.auditCount(newest)).isEqualTo(all.size());

    AuditTrail.Query annSubmits = new AuditTrail.Query(null, "ann", "submit", true, null, null);
    assertThat(registry.auditTrail(annSubmits, 0, 10))
        .singleElement()
        .satisfies(e -> assertThat(e.cluster()).isEqualTo("a"));
    AuditTrail.Query approvals = new AuditTrail.Query(null, null, "approve", true, null, null);
    assertThat(registry.auditTrail(approvals, 0, 10))
        .extracting(AuditEvent::cluster)
        .containsExactly("b", "a");
    long cursor = registry.auditTrail(approvals, 0, 1).get(0).id();
    assertThat(
            registry.auditTrail(
                new AuditTrail.Query(null, null, "approve", true, cursor, null), 0, 10))
        .extracting(AuditEvent::cluster)
        .containsExactly("a");
    assertThat(registry.auditCount(new AuditTrail.Query("b", null, null, false, null, null)))
        .isEqualTo(registry.auditTrail("b").size());
  }

  /**
   * What SQLite plans for each page: the filter's index, read in the page's order, never a scan of
   * the table nor a sort of everything the filter selects (a temporary B-tree for the ORDER BY).
   */
  @Test
  void eachPageAndCountIsReadThroughAnIndexInThePagesOrder() throws Exception {
    try (Connection c =
        DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data/platform.db"))) {
      String page = " ORDER BY id DESC LIMIT 51 OFFSET 50";
      assertPlan(
          c, "SELECT * FROM hpc_jobs WHERE cluster = 'a'" + page, "hpc_jobs_page_by_cluster");
      assertPlan(
          c, "SELECT * FROM hpc_jobs WHERE submitted_by = 'ann'" + page, "hpc_jobs_page_by_user");
      assertPlan(
          c, "SELECT * FROM hpc_jobs WHERE token_id = '1a2b3c4d'" + page, "hpc_jobs_page_by_token");
      assertPlan(
          c, "SELECT * FROM hpc_jobs WHERE state = 'RUNNING'" + page, "hpc_jobs_page_by_state");
      assertPlan(c, "SELECT * FROM hpc_jobs WHERE id < 500" + page, "INTEGER PRIMARY KEY");
      assertPlan(
          c, "SELECT count(*) FROM hpc_jobs WHERE submitted_by = 'ann'", "hpc_jobs_page_by_user");
      assertPlan(
          c, "SELECT * FROM audit_events WHERE actor = 'ann'" + page, "audit_events_by_actor");
      assertPlan(
          c,
          "SELECT * FROM audit_events WHERE action = 'approve'" + page,
          "audit_events_by_action");
      assertPlan(
          c,
          "SELECT * FROM audit_events WHERE cluster = 'a' AND id < 90" + page,
          "audit_events_by_cluster");
      // The default page of a listing without filters (exa hpc jobs, exa hpc audit): the table
      // read in the order of its rowid, the id, from the newest, stopping at the page's end; never
      // a sort of the whole history.
      for (String table : List.of("hpc_jobs", "audit_events")) {
        assertThat(plan(c, "SELECT * FROM " + table + " ORDER BY id DESC LIMIT 101 OFFSET 0"))
            .as(table)
            .isEqualTo("SCAN " + table);
      }
    }
  }

  private static String plan(Connection c, String sql) throws Exception {
    List<String> plan = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("EXPLAIN QUERY PLAN " + sql);
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        plan.add(r.getString("detail"));
      }
    }
    return String.join("; ", plan);
  }

  private static void assertPlan(Connection c, String sql, String index) throws Exception {
    assertThat(plan(c, sql))
        .as(sql)
        .contains(index)
        .doesNotContain("TEMP B-TREE")
        .doesNotContainPattern("SCAN (TABLE )?(hpc_jobs|audit_events)(;|$)");
  }
}
