package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.slurm.SinfoFormat;
import io.examlops.fleet.scheduler.slurm.SinfoSnapshot;
import io.examlops.fleet.scheduler.slurm.SinfoTextParser;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.Fixtures;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the central console sends an agent reads back as the same values (FleetJson both ways): a
 * real Slurm snapshot (typed and untyped GPUs, drained nodes, reasons), clusters with their
 * approval records and pins from a real registry, and tracked jobs. The agent's approval gate
 * judges exactly what the console holds only if nothing is lost on the way.
 */
class CentralWireTest {
  private static final Actor ADMIN = Actor.cli("admin");
  @TempDir Path dir;

  private static <T> T roundTrip(T value, TypeReference<T> type) {
    return FleetJson.read(FleetJson.compact(value), type);
  }

  private static List<NodeInfo> testbedNodes() throws Exception {
    SinfoSnapshot parsed =
        SinfoTextParser.parse(
            SinfoFormat.RICH, Fixtures.slurm("sinfo-N-h-O-rich-reason.testbed.out"));
    return parsed.nodes();
  }

  @Test
  void aRealSnapshotReadsBackEqual() throws Exception {
    NodeSnapshot snapshot =
        new NodeSnapshot(
            7, "tc", Instant.parse("2026-12-01T10:00:00.123Z"), "admin", testbedNodes());

    assertThat(snapshot.nodes()).anySatisfy(n -> assertThat(n.gpuCount()).isPositive());
    assertThat(snapshot.nodes()).anySatisfy(n -> assertThat(n.reason()).isNotNull());
    assertThat(roundTrip(snapshot, new TypeReference<NodeSnapshot>() {})).isEqualTo(snapshot);
  }

  @Test
  void registeredClustersWithTheirPinsAndTrackedJobsReadBackEqual() throws Exception {
    RegistryFixture fixture = new RegistryFixture(dir);
    fixture.writeKey("id_ed25519");
    ClusterRegistry registry = fixture.open(Clock.systemUTC());
    ClusterCaps caps =
        ClusterCaps.summarize(SlurmAdapter.KIND, "23.11.4", testbedNodes(), List.of(), true);
    registry.register(
        RegistryFixture.lxp("lxp-login"), RegistryFixture.keys("key1", "hk1"), caps, ADMIN);
    registry.approve("lxp", RegistryFixture.keys("key1", "hk1"), ADMIN);
    registry.register(
        io.examlops.fleet.model.ClusterDefinition.ssh(
            "pending",
            SlurmAdapter.KIND,
            "other-login",
            "hpcuser",
            "~/.ssh/id_ed25519",
            2222,
            RegistryFixture.fingerprint("hk2")),
        RegistryFixture.keys("key1", "hk2"),
        null,
        ADMIN);
    List<RegisteredCluster> clusters = registry.list();
    JobStore store = registry.jobStore();
    TrackedJob job =
        store.complete(
            store.begin(
                TrackedJob.submitting(
                    "lxp", "train", "m", "d", 2, 1, "gpu", "ann", Instant.now(), null),
                "t-1"),
            "4242",
            ADMIN);

    assertThat(clusters).hasSize(2);
    assertThat(clusters.get(0).governance().pinned()).isNotNull();
    assertThat(roundTrip(clusters, new TypeReference<List<RegisteredCluster>>() {}))
        .isEqualTo(clusters);
    assertThat(
            roundTrip(store.list(JobRecords.Filter.ALL), new TypeReference<List<TrackedJob>>() {}))
        .containsExactly(job);
  }
}
