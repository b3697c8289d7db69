package io.examlops.fleet.scheduler.toy;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.Detection;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduling.JobService;
import io.examlops.fleet.scheduling.backend.SubmitRequest;
import io.examlops.fleet.scheduling.preflight.Check;
import io.examlops.fleet.scheduling.preflight.PreflightReport;
import io.examlops.fleet.scheduling.preflight.PreflightRequest;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler HPC Fleet does not ship, plugged in through the documented registration alone ({@code
 * SchedulerAdapters.standard().with(adapter)} handed to {@code Fleet}): detected, connected,
 * approved, snapshotted, placed, preflighted, submitted to, followed and cancelled, on a real
 * clusters.yaml and platform.db, its commands run by the real local shell.
 */
class PluggedSchedulerTest {
  @TempDir Path dir;
  private Path spool;
  private Fleet fleet;

  @BeforeEach
  void aToySchedulerOnThisMachine() throws Exception {
    spool = Files.createDirectories(dir.resolve("toy"));
    Files.writeString(spool.resolve("version"), "toy 1.0\n");
    Map<String, String> env =
        Map.of(
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_DATA_DIR", dir.resolve("data").toString(),
            "EXAMLOPS_ACTOR", "alice");
    fleet =
        new Fleet(env, Clock.systemUTC(), SchedulerAdapters.standard().with(new ToyAdapter(spool)));
  }

  private static Endpoint local() {
    return Endpoint.local(TransportOptions.DEFAULTS);
  }

  @Test
  void detectionFindsItAndConnectRegistersItPending() throws Exception {
    Detection detection = fleet.discovery().detect(local());
    assertThat(detection.scheduler()).isSameAs(ToyAdapter.TOY);
    assertThat(detection.caps().version()).isEqualTo("toy 1.0");

    Fleet.Connected connected = fleet.connect(local(), "toy1", null);

    assertThat(connected.cluster().state()).isEqualTo(ClusterState.PENDING);
    assertThat(Files.readString(dir.resolve("clusters.yaml"))).contains("scheduler: toy");
    assertThat(fleet.registry().find("toy1").orElseThrow().definition().scheduler())
        .isSameAs(ToyAdapter.TOY);
  }

  @Test
  void anApprovedToyClusterIsPlacedPreflightedAndTakesJobsToTheirEnd() throws Exception {
    fleet.connect(local(), "toy1", null);
    fleet.approve("toy1");
    assertThat(fleet.saveSnapshot("toy1").nodes())
        .extracting(n -> n.name())
        .containsExactly(ToyAdapter.NODE);

    PlacementResult placed = fleet.scheduling().place(PlacementRequest.gpus(2));
    assertThat(placed.chosen()).map(Verdict::cluster).contains("toy1");

    PreflightReport preflight =
        fleet.scheduling().preflight("toy1", PreflightRequest.gpus(2), "alice");
    assertThat(preflight.overall()).isEqualTo(Check.Status.PASS);

    Fleet.Submitted submitted =
        fleet.submit(
            "toy1", SubmitRequest.of("#!/bin/sh\necho hi\n", "train", 2), null, null, false);
    TrackedJob job = submitted.job();
    assertThat(job.schedulerJobId()).isEqualTo("1");
    assertThat(submitted.placement().chosen()).map(Verdict::partition).contains("main");
    assertThat(Files.readString(spool.resolve("jobs/1"))).isEqualTo("#!/bin/sh\necho hi\n");

    JobService.Listing listed = fleet.jobs().list(new JobStore.Filter("toy1", null, null), true);
    assertThat(listed.jobs()).extracting(TrackedJob::state).containsExactly(JobState.PENDING);

    JobService.Cancelled cancelled = fleet.jobs().cancel(job.schedulerJobId());
    assertThat(cancelled.job().state()).isEqualTo(JobState.CANCELLED);
    assertThat(spool.resolve("jobs/1.cancelled")).exists();
  }

  @Test
  void theStandardRegistrationIsUntouched() {
    assertThat(SchedulerAdapters.standard().find(ToyAdapter.TOY)).isEmpty();
    assertThat(SchedulerAdapters.standard().with(new ToyAdapter(spool)).all())
        .extracting(a -> a.kind().label())
        .containsExactly("toy", "flux", "slurm", "unmanaged", "mock");
  }
}
