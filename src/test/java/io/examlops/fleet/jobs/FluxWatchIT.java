package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed Flux job's end is watched on its eventlog, not polled: from the tracked job through
 * the cluster's approved instance (FLUX_URI) and one SSH connection to the testbed's fluxuser,
 * whose flux answers {@code flux job wait-event} with flux-core 0.88's captured eventlog of an
 * ended job, a running job's events and timeout, and "not found" for any other
 * (scripts/testbed/fake-flux.sh).
 */
class FluxWatchIT {
  private static final Actor ALICE = Actor.cli("alice");
  @TempDir Path home;
  private JobTracker jobs;
  private JobStore store;

  @BeforeEach
  void anApprovedFluxCluster() {
    TestbedFleet fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "alice");
    fleet.connectFlux("fx").approve("fx");
    store = ClusterRegistry.open(TestFleets.settings(fleet.env()), Clock.systemUTC()).jobStore();
    jobs = Trackers.over(fleet.env(), fleet.testbed().knownHosts());
  }

  private TrackedJob sent(String fluxId) {
    TrackedJob job =
        TrackedJob.submitting("fx", "train", null, null, 0, 1, null, "alice", Instant.now(), null);
    return store.complete(store.begin(job), fluxId, ALICE);
  }

  @Test
  void anEndedJobsEventlogSaysSoAtOnce() {
    assertThat(jobs.watchEnd(ALICE, sent("ƒMz4uQyd"), Duration.ofSeconds(30)))
        .isEqualTo(EndWatch.ENDED);
  }

  @Test
  void aRunningJobIsWatchedUntilTheTimeGivenPasses() {
    assertThat(jobs.watchEnd(ALICE, sent("fd8Dk1UB"), Duration.ofMillis(300)))
        .isEqualTo(EndWatch.QUIET);
  }

  @Test
  void aJobTheInstanceDoesNotKnowIsLeftToPolling() {
    assertThat(jobs.watchEnd(ALICE, sent("f2"), Duration.ofSeconds(30)))
        .isEqualTo(EndWatch.UNWATCHABLE);
  }
}
