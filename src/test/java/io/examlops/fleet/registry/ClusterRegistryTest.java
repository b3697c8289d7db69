package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.QueueSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.TransportKind;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterRegistryTest {
  private static final Fingerprints SEEN = RegistryFixture.keys("key1", "hk1");
  private static final List<NodeInfo> NODES =
      List.of(
          new NodeInfo(
              "gpu01",
              64,
              512_000,
              List.of(GpuGroup.of("a100", 4)),
              1,
              NodeState.MIXED,
              "mix",
              List.of("gpu"),
              List.of("nvlink"),
              null),
          new NodeInfo(
              "gpu02",
              64,
              512_000,
              List.of(GpuGroup.untyped(4)),
              null,
              NodeState.DRAIN,
              "drain*",
              List.of("gpu", "debug"),
              List.of(),
              "bad dimm | ticket 7"));
  private static final ClusterCaps CAPS =
      ClusterCaps.summarize(
          SlurmAdapter.KIND,
          "23.11.4",
          NODES,
          List.of(new PartitionInfo("gpu", true, 2880L)),
          true);

  @TempDir Path dir;
  private RegistryFixture fixture;
  private TickingClock clock;
  private ClusterRegistry registry;

  /** Starts at a fixed instant and moves one minute per reading. */
  static final class TickingClock extends Clock {
    private Instant now = Instant.parse("2025-03-01T10:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public synchronized Instant instant() {
      now = now.plus(Duration.ofMinutes(1));
      return now;
    }
  }

  @BeforeEach
  void open() {
    fixture = new RegistryFixture(dir);
    clock = new TickingClock();
    registry = fixture.open(clock);
  }

  private RegisteredCluster approvedLxp() {
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, CAPS, Actor.cli("bob"));
    return registry.approve("lxp", SEEN, Actor.cli("alice"));
  }

  private void editYaml(String from, String to) throws IOException {
    String text = Files.readString(fixture.yaml);
    assertThat(text).contains(from);
    Files.writeString(fixture.yaml, text.replace(from, to));
  }

  @Test
  void registeringRecordsAPendingRequestThatCannotReceiveWork() {
    RegisteredCluster lxp =
        registry.register(RegistryFixture.lxp("lxp-login"), SEEN, CAPS, Actor.cli("bob"));

    assertThat(lxp.state()).isEqualTo(ClusterState.PENDING);
    assertThat(lxp.governance().requestedBy()).isEqualTo("bob");
    assertThat(lxp.governance().requestedAt()).isEqualTo("2025-03-01T10:01:00Z");
    assertThat(lxp.governance().capabilities()).isEqualTo(CAPS);
    assertThat(registry.find("lxp")).contains(lxp);
    assertThat(fixture.clustersFile().read()).containsExactly(RegistryFixture.lxp("lxp-login"));
    assertThat(registry.schedulability("lxp", SEEN).reason())
        .isEqualTo(
            "cluster 'lxp' is PENDING (requested by bob on 2025-03-01T10:01:00.000Z) and"
                + " has not been approved; an admin must approve it");
    assertThatThrownBy(() -> registry.environment("lxp", SEEN))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("is PENDING");
  }

  @Test
  void approvalPinsTheConnectionAsItIsAndMakesItSchedulable() {
    RegisteredCluster lxp = approvedLxp();

    assertThat(lxp.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(lxp.governance().decidedBy()).isEqualTo("alice");
    assertThat(lxp.governance().requestedBy()).isEqualTo("bob");
    assertThat(lxp.governance().pinned())
        .isEqualTo(
            new PinnedConnection(
                "lxp-login",
                22,
                "hpcuser",
                SEEN.sshKey(),
                SEEN.hostKey(),
                SlurmAdapter.KIND,
                TransportKind.SSH,
                null,
                null));
    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isTrue();
  }

  @Test
  void aYamlEditOfTheHostMakesItUnschedulableUntilApprovedAgain() throws IOException {
    approvedLxp();
    editYaml("host: lxp-login", "host: evil-login");

    var verdict = registry.schedulability("lxp", SEEN);
    assertThat(verdict.schedulable()).isFalse();
    assertThat(verdict.reason())
        .isEqualTo(
            "cluster 'lxp' is not schedulable: since approval by alice on"
                + " 2025-03-01T10:02:00.000Z, host changed from lxp-login to evil-login; an admin"
                + " must approve it again");
    assertThat(verdict.hint())
        .as("each surface names its own way to approve")
        .isEqualTo(
            io.examlops.fleet.model.Hint.of(io.examlops.fleet.model.Hint.Action.APPROVE, "lxp"));
    assertThat(registry.find("lxp").orElseThrow().state())
        .as("still ACTIVE: nothing is de-authorized, it just may not run")
        .isEqualTo(ClusterState.ACTIVE);

    // What the probe found was found at lxp-login: evil-login is approved only once probed.
    assertThatThrownBy(() -> registry.approve("lxp", SEEN, Actor.cli("carol")))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("was edited since it was probed on 2025-03-01T10:01:00.000Z")
        .hasMessageContaining("host changed from lxp-login to evil-login");
    assertThat(registry.find("lxp").orElseThrow().governance().pinned().host())
        .isEqualTo("lxp-login");

    registry.recordProbe("lxp", CAPS, SEEN, Actor.cli("carol"));
    registry.approve("lxp", SEEN, Actor.cli("carol"));

    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isTrue();
    assertThat(registry.find("lxp").orElseThrow().governance().pinned().host())
        .isEqualTo("evil-login");
  }

  @Test
  void theJumpHostsAndTheirHostKeysArePinnedAndAnEditedRouteWaitsForApproval() throws IOException {
    String bastionKey = RegistryFixture.fingerprint("bastion");
    ClusterDefinition behind =
        RegistryFixture.lxp("10.0.0.5")
            .withJumps(List.of(new JumpHost("jump", "bastion", 2200, null, bastionKey)));
    registry.register(behind, SEEN, CAPS, Actor.cli("bob"));
    assertThat(fixture.clustersFile().read()).containsExactly(behind);

    RegisteredCluster lxp = registry.approve("lxp", SEEN, Actor.cli("alice"));

    assertThat(lxp.governance().pinned().jumps())
        .containsExactly("jump@bastion:2200 host key " + bastionKey);
    assertThat(registry.find("lxp").orElseThrow().governance().pinned().jumps())
        .as("read back from platform.db")
        .containsExactly("jump@bastion:2200 host key " + bastionKey);
    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isTrue();

    editYaml("jump@bastion:2200", "jump@elsewhere:2200");
    assertThat(registry.schedulability("lxp", SEEN).reason())
        .contains(
            "jump hosts changed from jump@bastion:2200 host key "
                + bastionKey
                + " to jump@elsewhere:2200 host key "
                + bastionKey)
        .endsWith("an admin must approve it again");

    editYaml("jump_host_keys: " + bastionKey + "\n", "");
    assertThatThrownBy(() -> registry.approve("lxp", SEEN, Actor.cli("carol")))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("the host keys of its jump hosts are not known")
        .hasMessageContaining("jump_host_keys");
  }

  @Test
  void aRotatedHostKeyOrSshKeyMakesItUnschedulable() {
    approvedLxp();

    Fingerprints rotatedHost = RegistryFixture.keys("key1", "hk2");
    assertThat(registry.schedulability("lxp", rotatedHost).reason())
        .contains("host key changed from " + SEEN.hostKey() + " to " + rotatedHost.hostKey())
        .contains(
            "the host presents host key "
                + rotatedHost.hostKey()
                + " but clusters.yaml names "
                + SEEN.hostKey());

    Fingerprints otherKey = RegistryFixture.keys("key2", "hk1");
    assertThat(registry.schedulability("lxp", otherKey).reason())
        .contains("ssh key changed from " + SEEN.sshKey() + " to " + otherKey.sshKey());

    assertThatThrownBy(() -> registry.approve("lxp", rotatedHost, Actor.cli("alice")))
        .hasMessageContaining("cannot approve cluster 'lxp': the host presents host key")
        .hasMessageContaining(fixture.yaml.toString());
  }

  @Test
  void aHostKeyRotationRecordedInTheYamlCanBeApprovedAgain() throws IOException {
    approvedLxp();
    Fingerprints rotated = RegistryFixture.keys("key1", "hk2");
    editYaml(SEEN.hostKey(), rotated.hostKey());

    assertThat(registry.schedulability("lxp", rotated).schedulable()).isFalse();
    assertThatThrownBy(() -> registry.approve("lxp", rotated, Actor.cli("alice")))
        .hasMessageContaining(
            "host key changed from " + SEEN.hostKey() + " to " + rotated.hostKey());
    registry.recordProbe("lxp", CAPS, rotated, Actor.cli("alice"));
    registry.approve("lxp", rotated, Actor.cli("alice"));
    assertThat(registry.schedulability("lxp", rotated).schedulable()).isTrue();
    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isFalse();
  }

  @Test
  void reRegisteringAnActiveClusterRefreshesButNeverDeAuthorizes() {
    approvedLxp();
    ClusterCaps newer =
        ClusterCaps.summarize(SlurmAdapter.KIND, "24.05.1", NODES.subList(0, 1), List.of(), true);

    RegisteredCluster again =
        registry.register(RegistryFixture.lxp("lxp-login"), SEEN, newer, Actor.cli("bob"));

    assertThat(again.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(again.governance().capabilities()).isEqualTo(newer);
    assertThat(again.governance().decidedBy()).isEqualTo("alice");
    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isTrue();

    registry.recordProbe("lxp", CAPS, SEEN, Actor.cli("cron"));
    assertThat(registry.find("lxp").orElseThrow().state()).isEqualTo(ClusterState.ACTIVE);

    RegisteredCluster moved =
        registry.register(RegistryFixture.lxp("other-login"), SEEN, newer, Actor.cli("mallory"));
    assertThat(moved.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(registry.schedulability("lxp", SEEN).reason())
        .contains("host changed from lxp-login to other-login");
  }

  @Test
  void rejectionNeedsAReasonAndBlocksWork() {
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("bob"));

    for (String missing : new String[] {null, "", "   "}) {
      assertThatThrownBy(() -> registry.reject("lxp", missing, Actor.cli("alice")))
          .isInstanceOf(RegistryException.class)
          .hasMessage("a reason is required to reject cluster 'lxp', e.g. \"wrong account\"");
    }
    assertThat(registry.find("lxp").orElseThrow().state()).isEqualTo(ClusterState.PENDING);

    RegisteredCluster rejected = registry.reject("lxp", "wrong account", Actor.cli("alice"));
    assertThat(rejected.state()).isEqualTo(ClusterState.REJECTED);
    assertThat(rejected.governance().reason()).isEqualTo("wrong account");
    assertThat(registry.schedulability("lxp", SEEN).reason())
        .contains("was rejected by alice", "(wrong account)");
  }

  @Test
  void rejectingAnActiveClusterRevokesItAndReRegisteringStartsANewRequest() {
    approvedLxp();
    registry.reject("lxp", "decommissioned", Actor.cli("alice"));
    assertThat(registry.schedulability("lxp", SEEN).schedulable()).isFalse();
    assertThat(registry.find("lxp").orElseThrow().governance().pinned()).isNull();

    RegisteredCluster again =
        registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("dan"));
    assertThat(again.state()).isEqualTo(ClusterState.PENDING);
    assertThat(again.governance().requestedBy()).isEqualTo("dan");
    assertThat(again.governance().capabilities()).as("kept from the earlier probe").isEqualTo(CAPS);
  }

  @Test
  void aClusterOnlyListedInClustersYamlIsPendingAndListingGrantsNothing() throws IOException {
    Files.createDirectories(fixture.yaml.getParent());
    Files.writeString(
        fixture.yaml, "clusters:\n  dev:\n    scheduler: mock\n    transport: local\n");

    List<RegisteredCluster> all = registry.list();

    assertThat(all)
        .singleElement()
        .satisfies(
            dev -> {
              assertThat(dev.state()).isEqualTo(ClusterState.PENDING);
              assertThat(dev.listedOnly()).isTrue();
            });
    assertThat(registry.auditTrail()).isEmpty();
    assertThat(registry.schedulability("dev", Fingerprints.NONE).reason())
        .contains("only listed in clusters.yaml and has not been approved");

    registry.approve("dev", Fingerprints.NONE, Actor.cli("alice"));
    assertThat(registry.schedulability("dev", Fingerprints.NONE).schedulable()).isTrue();
    assertThat(registry.find("dev").orElseThrow().governance().requestedBy()).isNull();
    assertThat(registry.environment("dev", Fingerprints.NONE))
        .containsExactly(
            java.util.Map.entry("EXAMLOPS_HPC_CLUSTER", "dev"),
            java.util.Map.entry("EXAMLOPS_HPC_SCHEDULER", "mock"));
  }

  @Test
  void aClusterWhoseEntryWasRemovedIsListedAndNotSchedulable() throws IOException {
    approvedLxp();
    Files.writeString(fixture.yaml, "clusters:\n");

    assertThat(registry.list())
        .singleElement()
        .satisfies(
            lxp -> {
              assertThat(lxp.definition()).isNull();
              assertThat(lxp.state()).isEqualTo(ClusterState.ACTIVE);
            });
    assertThat(registry.schedulability("lxp", SEEN).reason())
        .contains("has no entry in clusters.yaml any more");
  }

  @Test
  void approvalNeedsAKnownHostKeyAndADefinition() {
    ClusterDefinition unpinned =
        ClusterDefinition.ssh("lxp", SlurmAdapter.KIND, "h", "u", "~/.ssh/id_ed25519", 22, null);
    registry.register(unpinned, null, null, Actor.cli("bob"));

    assertThatThrownBy(
            () -> registry.approve("lxp", new Fingerprints(SEEN.sshKey(), null), Actor.cli("a")))
        .hasMessageContaining("its host key is not known");
    assertThatThrownBy(() -> registry.approve("nope", SEEN, Actor.cli("alice")))
        .hasMessageContaining("cluster 'nope' has no entry in " + fixture.yaml);
    assertThat(
            registry
                .approve("lxp", SEEN, Actor.cli("alice"))
                .governance()
                .pinned()
                .hostKeyFingerprint())
        .as("trust on first use, with an admin's approval")
        .isEqualTo(SEEN.hostKey());
  }

  @Test
  void everyChangeIsAudited() {
    approvedLxp();
    registry.recordProbe("lxp", CAPS, SEEN, Actor.cli("cron"));
    registry.saveSnapshot("lxp", NODES, Actor.cli("cron"));
    registry.reject("lxp", "maintenance", Actor.cli("alice"));
    registry.register(
        ClusterDefinition.local("dev", MockAdapter.KIND), null, null, Actor.cli("bob"));

    List<AuditEvent> all = registry.auditTrail();
    assertThat(all)
        .extracting(AuditEvent::action)
        .containsExactly("register", "approve", "probe", "snapshot", "reject", "register");
    assertThat(all)
        .extracting(AuditEvent::actor)
        .containsExactly("bob", "alice", "cron", "cron", "alice", "bob");
    assertThat(all).extracting(AuditEvent::id).isSorted();
    assertThat(registry.auditTrail("lxp")).hasSize(5);
    assertThat(all.get(1).detailsJson())
        .contains("\"previousState\":\"PENDING\"", "\"host\":\"lxp-login\"", SEEN.hostKey());
    assertThat(all.get(4).detailsJson()).contains("\"reason\":\"maintenance\"");
    assertThatThrownBy(() -> registry.approve("lxp", SEEN, null))
        .hasMessageContaining("the acting user is required");
    assertThatThrownBy(() -> Actor.cli(" ")).hasMessageContaining("the acting user is empty");
    assertThat(registry.auditTrail()).hasSize(6);
  }

  /** What a process following the trail reads: the events after the last it saw, in order. */
  @Test
  void theTrailIsReadOnFromAnEvent() {
    assertThat(registry.latestAuditId()).isZero();
    approvedLxp();
    registry.reject("lxp", "maintenance", Actor.cli("alice"));
    List<AuditEvent> all = registry.auditTrail();
    assertThat(registry.latestAuditId()).isEqualTo(all.get(all.size() - 1).id());
    assertThat(registry.auditTrailAfter(0, 100)).isEqualTo(all);
    assertThat(registry.auditTrailAfter(all.get(0).id(), 1)).containsExactly(all.get(1));
    assertThat(registry.auditTrailAfter(registry.latestAuditId(), 100)).isEmpty();
    assertThatThrownBy(() -> registry.auditTrailAfter(0, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void snapshotsRoundTripAndTheLatestWins() {
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("bob"));
    assertThat(registry.latestSnapshot("lxp")).isEmpty();

    NodeSnapshot first = registry.saveSnapshot("lxp", NODES, Actor.cli("bob"));
    NodeSnapshot second = registry.saveSnapshot("lxp", NODES.subList(1, 2), Actor.cli("bob"));

    NodeSnapshot latest = registry.latestSnapshot("lxp").orElseThrow();
    assertThat(latest.id()).isEqualTo(second.id()).isGreaterThan(first.id());
    assertThat(latest.nodes()).isEqualTo(NODES.subList(1, 2));
    assertThat(latest.nodes().get(0).gpusInUse()).as("unknown stays unknown").isNull();
    assertThat(latest.nodes().get(0).reason())
        .as("why it takes no work")
        .isEqualTo("bad dimm | ticket 7");
    registry.saveSnapshot("lxp", NODES, Actor.cli("bob"));
    assertThat(registry.latestSnapshot("lxp").orElseThrow().nodes()).isEqualTo(NODES);
  }

  @Test
  void aQueueRecordedWithASnapshotRoundTripsAndOnlyTheLatestIsKept() {
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("bob"));
    assertThat(registry.latestQueue("lxp")).isEmpty();
    QueueEntry waiting =
        new QueueEntry(
            SlurmAdapter.KIND,
            "5_[2-3%2]",
            "<b>sweep</b>",
            "hpcuser",
            JobState.PENDING,
            "PENDING",
            "gpu",
            1,
            null,
            null,
            Duration.ZERO,
            "JobArrayTaskLimit",
            null);
    QueueEntry running =
        new QueueEntry(
            SlurmAdapter.KIND,
            "42",
            "train",
            "ann",
            JobState.RUNNING,
            "RUNNING",
            "gpu",
            2,
            16,
            8,
            Duration.ofMillis(3_723_500),
            null,
            "gpu[01-02]");

    NodeSnapshot first =
        registry.saveSnapshot(
            "lxp", NODES, QueueRead.of(List.of(waiting, running)), Actor.cli("r"));
    QueueSnapshot recorded = registry.latestQueue("lxp").orElseThrow();
    assertThat(recorded.snapshotId()).isEqualTo(first.id());
    assertThat(recorded.takenAt()).isEqualTo(first.takenAt());
    assertThat(recorded.queue().jobs())
        .as("unknown stays unknown")
        .containsExactly(waiting, running);
    assertThat(recorded.queue().failure()).isNull();
    List<AuditEvent> trail = registry.auditTrail("lxp");
    assertThat(trail.get(trail.size() - 1).detailsJson()).contains("\"queueJobs\":2");

    registry.saveSnapshot("lxp", NODES, Actor.cli("bob"));
    assertThat(registry.latestQueue("lxp").orElseThrow().snapshotId())
        .as("a snapshot taken without its queue keeps the last recorded one")
        .isEqualTo(first.id());

    NodeSnapshot failed =
        registry.saveSnapshot(
            "lxp", NODES, QueueRead.failed("squeue: error: slurmctld down"), Actor.cli("r"));
    QueueSnapshot latest = registry.latestQueue("lxp").orElseThrow();
    assertThat(latest.snapshotId()).isEqualTo(failed.id());
    assertThat(latest.queue().jobs()).isEmpty();
    assertThat(latest.queue().failure()).isEqualTo("squeue: error: slurmctld down");
    int rows =
        registry
            .platformDb()
            .read(
                c -> {
                  try (var s = c.createStatement();
                      var rs =
                          s.executeQuery(
                              "SELECT (SELECT count(*) FROM hpc_queue_entries),"
                                  + " (SELECT count(*) FROM hpc_node_snapshots"
                                  + " WHERE queue_recorded = 1)")) {
                    rs.next();
                    return rs.getInt(1) * 100 + rs.getInt(2);
                  }
                });
    assertThat(rows).as("no older queue's rows, one recorded queue").isEqualTo(1);
  }

  @Test
  void snapshotsNeedARegisteredClusterAndDistinctNodes() {
    assertThatThrownBy(() -> registry.saveSnapshot("lxp", NODES, Actor.cli("bob")))
        .hasMessageContaining("cluster 'lxp' is not registered in platform.db");
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("bob"));
    assertThatThrownBy(
            () ->
                registry.saveSnapshot("lxp", List.of(NODES.get(0), NODES.get(0)), Actor.cli("bob")))
        .hasMessageContaining("node 'gpu01' appears twice");
    assertThat(registry.latestSnapshot("lxp")).isEmpty();
  }

  @Test
  void onlyTheLatestSnapshotsAreKept() {
    registry.register(RegistryFixture.lxp("lxp-login"), SEEN, null, Actor.cli("bob"));
    for (int i = 0; i < NodeSnapshots.KEPT_PER_CLUSTER + 3; i++) {
      registry.saveSnapshot("lxp", NODES, Actor.cli("bob"));
    }
    int kept =
        registry
            .platformDb()
            .read(
                c -> {
                  try (var s = c.createStatement();
                      var rs =
                          s.executeQuery(
                              "SELECT count(*), (SELECT count(*) FROM hpc_nodes)"
                                  + " FROM hpc_node_snapshots")) {
                    rs.next();
                    assertThat(rs.getInt(2))
                        .isEqualTo(NodeSnapshots.KEPT_PER_CLUSTER * NODES.size());
                    return rs.getInt(1);
                  }
                });
    assertThat(kept).isEqualTo(NodeSnapshots.KEPT_PER_CLUSTER);
  }

  @Test
  void theEnvironmentOfAnActiveClusterIsOrderedAndShellSafe() {
    approvedLxp();

    var env = registry.environment("lxp", SEEN);

    assertThat(env.keySet())
        .containsExactly(
            "EXAMLOPS_HPC_CLUSTER",
            "EXAMLOPS_HPC_SCHEDULER",
            "EXAMLOPS_HPC_SSH_HOST",
            "EXAMLOPS_HPC_SSH_USER",
            "EXAMLOPS_HPC_SSH_KEY",
            "EXAMLOPS_HPC_SSH_PORT");
    assertThat(env.get("EXAMLOPS_HPC_SSH_KEY"))
        .isEqualTo(fixture.home.resolve(".ssh/id_ed25519").toString());
    assertThat(ClusterEnvironment.exportScript(env))
        .isEqualTo(
            "export EXAMLOPS_HPC_CLUSTER=lxp\n"
                + "export EXAMLOPS_HPC_SCHEDULER=slurm\n"
                + "export EXAMLOPS_HPC_SSH_HOST=lxp-login\n"
                + "export EXAMLOPS_HPC_SSH_USER=hpcuser\n"
                + "export EXAMLOPS_HPC_SSH_KEY="
                + env.get("EXAMLOPS_HPC_SSH_KEY")
                + "\n"
                + "export EXAMLOPS_HPC_SSH_PORT=22\n");
    assertThatThrownBy(() -> registry.environment("lxp", RegistryFixture.keys("key1", "hk9")))
        .hasMessageContaining("is not schedulable: since approval by alice", "host key changed");
    assertThatThrownBy(() -> registry.environment("ghost", SEEN))
        .hasMessageContaining("no cluster named 'ghost'");
  }

  @Test
  void keyMaterialIsNeverStored() throws IOException {
    approvedLxp();
    registry.recordProbe("lxp", CAPS, SEEN, Actor.cli("cron"));
    registry.saveSnapshot("lxp", NODES, Actor.cli("cron"));

    try (Stream<Path> files = Files.walk(dir.resolve("data"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        assertThat(bytes).as(file.toString()).doesNotContain("PRIVATE KEY", "c2VjcmV0");
      }
    }
    assertThat(Files.readString(fixture.yaml)).doesNotContain("PRIVATE KEY", "c2VjcmV0");
  }

  @Test
  void namesAreCheckedByTheOneRule() {
    assertThatThrownBy(() -> registry.find("../etc"))
        .hasMessageContaining("invalid cluster name '../etc'", "^[a-z][a-z0-9_-]{0,62}$");
    assertThatThrownBy(() -> registry.reject("x; rm -rf /", "r", Actor.cli("alice")))
        .hasMessageContaining("invalid cluster name");
  }
}
