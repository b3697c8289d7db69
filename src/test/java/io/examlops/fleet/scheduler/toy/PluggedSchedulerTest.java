package io.examlops.fleet.scheduler.toy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.discovery.DetectRequest;
import io.examlops.fleet.discovery.DetectResult;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.governance.ConnectResult;
import io.examlops.fleet.governance.ReprobeRequest;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.jobs.SubmitResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scheduler HPC Fleet does not ship, plugged in through the documented registration alone ({@code
 * StandardSchedulers.adapters().with(adapter)} handed to {@code Fleet}): detected, connected,
 * approved, snapshotted, placed, preflighted, submitted to, followed and cancelled through the
 * application API, on a real clusters.yaml and platform.db, its commands run by the real local
 * shell. Runs in its own JVM (the {@code plugged-scheduler} surefire execution): a declared kind is
 * known to the whole JVM.
 */
class PluggedSchedulerTest {
  private static final Actor ALICE = Actor.cli("alice");
  private static final HostTarget HERE = HostTarget.of(HostTarget.LOCAL);

  /** No host named and none in the environment: this machine. */
  private static final HostTarget THIS_MACHINE = HostTarget.defaults();

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
            "EXAMLOPS_DATA_DIR", dir.resolve("data").toString());
    fleet =
        Fleet.of(
            TestFleets.settings(env),
            Clock.systemUTC(),
            StandardSchedulers.adapters().with(new ToyAdapter(spool)),
            WriteHook.NONE);
  }

  @Test
  void detectionFindsItAndConnectRegistersItPending() throws Exception {
    DetectResult detected = fleet.discovery().detect(new DetectRequest(THIS_MACHINE));
    assertThat(detected.scheduler()).isSameAs(ToyAdapter.TOY);
    assertThat(detected.capabilities().version()).isEqualTo("toy 1.0");

    ConnectResult connected =
        fleet.governance().connect(ALICE, new ConnectRequest("toy1", HERE, null));

    assertThat(connected.cluster().state()).isEqualTo(ClusterState.PENDING);
    assertThat(Files.readString(dir.resolve("clusters.yaml"))).contains("scheduler: toy");
  }

  @Test
  void anApprovedToyClusterIsPlacedPreflightedAndTakesJobsToTheirEnd() throws Exception {
    fleet.governance().connect(ALICE, new ConnectRequest("toy1", HERE, "toy"));
    fleet.governance().approve(ALICE, new ApproveRequest("toy1"));
    assertThat(
            fleet
                .discovery()
                .nodes(ALICE, new NodesRequest(THIS_MACHINE, "toy1", null, true))
                .nodes())
        .extracting(NodeInfo::name)
        .containsExactly(ToyAdapter.NODE);

    assertThat(fleet.placement().place(new PlaceRequest(2, null, null, null, null)).chosen())
        .isEqualTo("toy1");

    PreflightResult preflight =
        fleet.placement().preflight(ALICE, new PreflightRequest("toy1", 2, null, null, null, null));
    assertThat(preflight.result()).isEqualTo("PASS");

    SubmitResult submitted =
        fleet
            .jobs()
            .submit(
                ALICE,
                new SubmitRequest(
                    ScriptSource.text("train.sh", "#!/bin/sh\necho hi\n"),
                    "train",
                    JobOptions.on("toy1", 2)));
    TrackedJob job = submitted.job();
    assertThat(job.schedulerJobId()).isEqualTo("1");
    assertThat(submitted.placement().partition()).isEqualTo("main");
    assertThat(Files.readString(spool.resolve("jobs/1"))).contains("echo hi");

    assertThat(
            fleet
                .jobs()
                .list(ALICE, new JobsRequest("toy1", null, null, ReadFrom.SCHEDULER))
                .jobs())
        .extracting(TrackedJob::state)
        .containsExactly(JobState.PENDING);

    assertThat(fleet.jobs().cancel(ALICE, new CancelRequest(job.schedulerJobId())).job().state())
        .isEqualTo(JobState.CANCELLED);
    assertThat(spool.resolve("jobs/1.cancelled")).exists();
  }

  /**
   * Placement reads the toy's stored snapshots (its nodes are not read live), in which a pending
   * job takes no GPUs: four {@code auto} submits in a row still spread over two clusters, each
   * placement counting the jobs submitted before it as claimed, and saying so.
   */
  @Test
  void autoSubmitsInARowSpreadOverTwoClustersWhoseSnapshotsDoNotShowThem() throws Exception {
    for (String name : java.util.List.of("toy1", "toy2")) {
      fleet.governance().connect(ALICE, new ConnectRequest(name, HERE, "toy"));
      fleet.governance().approve(ALICE, new ApproveRequest(name));
      fleet.discovery().nodes(ALICE, new NodesRequest(THIS_MACHINE, name, null, true));
    }
    java.util.List<SubmitResult> submitted = new java.util.ArrayList<>();
    for (int i = 0; i < 4; i++) {
      submitted.add(
          fleet
              .jobs()
              .submit(
                  ALICE,
                  new SubmitRequest(
                      ScriptSource.text("train.sh", "#!/bin/sh\necho hi\n"),
                      "train",
                      JobOptions.on("auto", 1))));
    }

    assertThat(submitted)
        .extracting(s -> s.job().cluster())
        .containsExactly("toy1", "toy2", "toy1", "toy2");
    assertThat(submitted.get(3).placement().explanation())
        .startsWith("chose toy@toy2 (partition main: the default partition) — 1/2 idle GPUs")
        .contains("; 1 of 2 idle GPUs claimed by 1 job submitted since the snapshot of ");
  }

  /**
   * The toy's own setting goes through clusters.yaml (checked by the toy's rule) and is pinned by
   * the approval like Flux's instance, with nothing outside its package knowing it.
   */
  @Test
  void itsOwnSettingIsCheckedAndPinnedWithoutTheCoreKnowingIt() throws Exception {
    fleet.governance().connect(ALICE, new ConnectRequest("toy1", HERE, "toy"));
    fleet.governance().approve(ALICE, new ApproveRequest("toy1"));
    Path yaml = dir.resolve("clusters.yaml");
    String approved = Files.readString(yaml);

    Files.writeString(yaml, approved + "    toy_lane: fast\n");
    ClusterSummary edited = fleet.governance().clusters().clusters().get(0);
    assertThat(edited.schedulable()).isFalse();
    assertThat(edited.notSchedulableBecause())
        .contains("Toy lane (toy_lane) changed from (none) to fast");
    assertThat(edited.changedSinceProbe())
        .containsExactly("Toy lane (toy_lane) changed from (none) to fast");
    assertThatThrownBy(() -> fleet.governance().approve(ALICE, new ApproveRequest("toy1")))
        .hasMessageContaining("was edited since it was probed")
        .hasMessageContaining("Toy lane (toy_lane) changed from (none) to fast");

    fleet.governance().reprobe(ALICE, new ReprobeRequest("toy1"));
    assertThat(Files.readString(yaml)).contains("toy_lane: fast");
    assertThat(fleet.governance().approve(ALICE, new ApproveRequest("toy1")).pinned().settings())
        .containsExactly(Map.entry("toy_lane", "fast"));
    assertThat(fleet.governance().clusters().clusters().get(0).schedulable()).isTrue();

    Files.writeString(yaml, approved + "    toy_lane: Fast!\n");
    assertThatThrownBy(() -> fleet.governance().clusters())
        .hasMessageContaining("a toy lane is a lower-case word, not 'Fast!'");
  }

  /**
   * The console walk-through's case: an entry edited by hand (mock to another scheduler) after its
   * probe is never approved on what the old entry's probe found.
   */
  @Test
  void anEntryEditedSinceItsProbeIsApprovedOnlyAfterItIsProbedAgain() throws Exception {
    fleet.governance().connect(ALICE, new ConnectRequest("toy1", HERE, "mock"));
    Path yaml = dir.resolve("clusters.yaml");
    Files.writeString(yaml, Files.readString(yaml).replace("scheduler: mock", "scheduler: toy"));

    ClusterSummary edited = fleet.governance().cluster("toy1");
    assertThat(edited.changedSinceProbe()).containsExactly("scheduler changed from mock to toy");
    assertThat(edited.capabilities().scheduler().label()).isEqualTo("mock");
    String revision = edited.revision();
    assertThatThrownBy(
            () ->
                fleet
                    .governance()
                    .approve(
                        ALICE,
                        new ApproveRequest("toy1", ClusterRevision.parse(revision, "revision"))))
        .hasMessageContaining("cannot approve cluster 'toy1'")
        .hasMessageContaining("scheduler changed from mock to toy")
        .satisfies(
            e ->
                assertThat(((FleetException) e).hint())
                    .contains(Hint.of(Hint.Action.REPROBE, "toy1")));
    assertThat(fleet.governance().cluster("toy1").state()).isEqualTo(ClusterState.PENDING);

    ConnectResult probed = fleet.governance().reprobe(ALICE, new ReprobeRequest("toy1"));
    assertThat(probed.cluster().changedSinceProbe()).isEmpty();
    assertThat(probed.cluster().capabilities().scheduler()).isSameAs(ToyAdapter.TOY);
    assertThat(probed.cluster().revision()).isNotEqualTo(revision);
    // A page still showing the old probe decides on nothing.
    assertThatThrownBy(
            () ->
                fleet
                    .governance()
                    .approve(
                        ALICE,
                        new ApproveRequest("toy1", ClusterRevision.parse(revision, "revision"))))
        .isInstanceOf(FleetException.class);

    assertThat(fleet.governance().approve(ALICE, new ApproveRequest("toy1")).pinned().scheduler())
        .isSameAs(ToyAdapter.TOY);
    assertThat(fleet.governance().audit(new AuditRequest("toy1")).events())
        .extracting(e -> e.action())
        .containsSubsequence("register", "probe", "approve");
  }

  @Test
  void theStandardRegistrationIsUntouched() {
    assertThat(StandardSchedulers.adapters().find(ToyAdapter.TOY)).isEmpty();
    assertThat(StandardSchedulers.adapters().with(new ToyAdapter(spool)).all())
        .extracting(a -> a.kind().label())
        .containsExactly("toy", "flux", "slurm", "unmanaged", "mock");
  }
}
