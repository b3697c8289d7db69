package io.examlops.fleet.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.ClusterCapacity;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.testing.TestFleets;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity service on a real clusters.yaml and platform.db, with mock clusters on this machine:
 * only ACTIVE clusters are counted, a running job's GPUs are in use, the cost rate is the
 * environment's, and the utilization history says why it has nothing to draw.
 */
class CapacityServiceTest {
  private static final Actor ALICE = Actor.cli("alice");
  private static final Instant LONG_AGO = Instant.parse("2020-01-01T00:00:00Z");

  @TempDir Path dir;
  private Fleet fleet;

  @BeforeEach
  void aFleetWithAnActiveAndAPendingCluster() {
    fleet =
        TestFleets.in(
            dir,
            Map.of(
                Variables.MOCK_GPUS, "4",
                Variables.COST_PER_HOUR, "2.50",
                Variables.COST_CURRENCY, "EUR"));
    TestFleets.activeMock(fleet, ALICE, "active");
    TestFleets.connectMock(fleet, ALICE, "pending");
  }

  @Test
  void onlyActiveClustersAreCountedAtTheEnvironmentsRate() {
    FleetCapacity capacity = fleet.capacity().capacity(ALICE, new CapacityRequest(ReadFrom.STORE));

    assertThat(capacity.clusters()).extracting(ClusterCapacity::cluster).containsExactly("active");
    assertThat(capacity.totalGpus()).isEqualTo(4);
    assertThat(capacity.idleGpus()).isEqualTo(4);
    assertThat(capacity.rate()).isEqualByComparingTo(new BigDecimal("2.50"));
    assertThat(capacity.currency()).isEqualTo("EUR");
  }

  @Test
  void aRunningJobsGpusAreInUse() {
    TrackedJob job = TestFleets.waitingJob(fleet, ALICE, "active", 3);
    try {
      FleetCapacity capacity =
          fleet.capacity().capacity(ALICE, new CapacityRequest(ReadFrom.SCHEDULER));

      ClusterCapacity active = capacity.clusters().get(0);
      assertThat(active.gpusInUse()).isEqualTo(3);
      assertThat(active.idleGpus()).isEqualTo(1);
      assertThat(capacity.idleGpus()).isEqualTo(1);
    } finally {
      fleet.jobs().cancel(ALICE, new CancelRequest("#" + job.id()));
    }
  }

  @Test
  void theUtilizationHistorySaysWhyItIsEmptyUntilARefreshRecordsASample() {
    UtilizationResult pending =
        fleet.capacity().utilization(new UtilizationRequest("pending", LONG_AGO));
    assertThat(pending.samples()).isEmpty();
    assertThat(pending.noData()).contains("cluster 'pending' is not ACTIVE");

    UtilizationResult before =
        fleet.capacity().utilization(new UtilizationRequest("active", LONG_AGO));
    assertThat(before.noData()).contains("no samples since");

    fleet.discovery().refresh(ALICE, RefreshRequest.ALL);
    UtilizationResult after =
        fleet.capacity().utilization(new UtilizationRequest("active", LONG_AGO));
    assertThat(after.noData()).isNull();
    assertThat(after.samples())
        .singleElement()
        .satisfies(s -> assertThat(s.totalGpus()).isEqualTo(4));
    assertThat(after.fleet())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.totalGpus()).isEqualTo(4);
              assertThat(p.clusters()).isEqualTo(1);
            });
  }
}
