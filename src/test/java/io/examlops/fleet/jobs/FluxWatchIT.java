package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.registry.LocalStores;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.settings.ClientCredential;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.SharedRunners;
import io.examlops.fleet.transport.TransportOptions;
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
    FleetSettings settings = TestFleets.settings(fleet.env());
    store = ClusterRegistry.open(settings, Clock.systemUTC()).jobStore();
    Stores stores = new LocalStores(settings, Clock.systemUTC(), WriteHook.NONE);
    jobs =
        new JobTracker(
            new Clusters(
                stores,
                new ClusterConnections(
                    stores,
                    TransportOptions.DEFAULTS,
                    fleet.testbed().knownHosts(),
                    ClientEnvironment.of(Secret.NONE),
                    StandardSchedulers.adapters(),
                    ClientCredential.NONE,
                    SharedRunners.process()),
                null,
                StandardSchedulers.adapters(),
                new SchedulerContext(settings, Clock.systemUTC(), c -> 0)));
  }

  private TrackedJob sent(String fluxId) {
    TrackedJob job =
        new TrackedJob(
            0,
            "fx",
            null,
            "train",
            null,
            null,
            0,
            1,
            null,
            JobState.SUBMITTING,
            "alice",
            Instant.now(),
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null);
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
