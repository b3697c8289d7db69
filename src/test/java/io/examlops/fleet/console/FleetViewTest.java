package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet view over real stores: brought up to date in the background, it reads again what no
 * store records (a key file's fingerprint, the refresher's news) and keeps the stored nodes it has.
 */
class FleetViewTest {
  @TempDir Path dir;

  private Map<String, String> env() {
    return ConsoleFixture.storesIn(dir, "ann");
  }

  @Test
  void aRefreshReadsTheKeyFilesAgainAndKeepsTheStoredNodes() throws Exception {
    Map<String, String> env = env();
    Fleet fleet = withFar(env);
    saveSnapshot(env, "far");
    FleetView view = FleetView.build(fleet, c -> RefreshStatus.NEVER);
    assertThat(view.live()).isFalse();
    assertThat(view.row("far").freeGpus()).isEqualTo("3 of 4 free");
    String before = view.row("far").approval().keyFingerprint();

    newKey("id_ed25519_far");
    RefreshStatus failed =
        RefreshStatus.NEVER.failed(Instant.now(), "connect failed", Instant.now());
    FleetView refreshed = view.refreshed(fleet, c -> failed);

    assertThat(refreshed.row("far").approval().keyFingerprint())
        .startsWith("SHA256:")
        .isNotEqualTo(before);
    assertThat(refreshed.row("far").refresh().lastFailure()).isEqualTo("connect failed");
    assertThat(refreshed.nodes()).as("the stored nodes, not read again").isSameAs(view.nodes());
    assertThat(refreshed.capacity()).isSameAs(view.capacity());
  }

  @Test
  void aViewWithALiveClusterIsBuiltAgainWhole() {
    Fleet fleet = TestFleets.fleet(env());
    fleet
        .governance()
        .connect(ConsoleFixture.SETUP, new ConnectRequest("demo", HostTarget.of("local"), "mock"));
    FleetView view = FleetView.build(fleet, c -> RefreshStatus.NEVER);
    assertThat(view.live()).isTrue();
    assertThat(view.refreshed(fleet, c -> RefreshStatus.NEVER).nodes()).isNotSameAs(view.nodes());
  }

  @Test
  void aViewOfChangedStoresKeepsTheKeyFingerprintsOfTheEntriesThatDidNotChange() throws Exception {
    Map<String, String> env = env();
    Fleet fleet = withFar(env);
    FleetView view = FleetView.build(fleet, c -> RefreshStatus.NEVER);
    ClusterRow.Approval far = view.row("far").approval();
    fleet
        .governance()
        .connect(ConsoleFixture.SETUP, new ConnectRequest("demo", HostTarget.of("local"), "mock"));

    FleetView changed = FleetView.build(fleet, c -> RefreshStatus.NEVER, view);

    assertThat(changed.row("demo").pending()).isTrue();
    assertThat(changed.row("far").approval())
        .as("far's key file is read again in the background, not at each change of the stores")
        .isSameAs(far);
  }

  @Test
  void theClustersAreReadWithoutTheSnapshots() throws Exception {
    Map<String, String> env = env();
    Fleet fleet = withFar(env);
    FleetView view = FleetView.build(fleet, c -> RefreshStatus.NEVER);
    // A snapshot saved after the view was built, before anything asked for its figures: the
    // figures are worked out when first asked, from the stores as they are then.
    saveSnapshot(env, "far");

    assertThat(view.summary("far", fleet).name()).isEqualTo("far");
    assertThat(view.row("far").freeGpus()).isEqualTo("3 of 4 free");
    assertThat(view.nodes()).containsKey("far");
  }

  /** One node of 4 A100s, 1 in use, as the cluster's latest snapshot. */
  private void saveSnapshot(Map<String, String> env, String cluster) {
    ClusterRegistry.open(TestFleets.settings(env), Clock.systemUTC())
        .saveSnapshot(
            cluster,
            List.of(
                new NodeInfo(
                    "g1",
                    8,
                    64_000,
                    List.of(GpuGroup.of("a100", 4)),
                    1,
                    NodeState.MIXED,
                    "mix",
                    List.of("gpu"),
                    List.of(),
                    null)),
            Refresher.AS);
  }

  /** Another key in the key file's place, as an admin rotating it would. */
  private void newKey(String file) throws Exception {
    Path key = dir.resolve(file);
    Files.delete(key);
    Files.delete(dir.resolve(file + ".pub"));
    Process keygen =
        new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
            .start();
    assertThat(keygen.waitFor()).isZero();
  }

  /** A fleet with one approved Slurm cluster, far, whose SSH port has no server. */
  private Fleet withFar(Map<String, String> env) throws Exception {
    Fleet fleet = TestFleets.fleet(env);
    ConsoleFixture.approveUnreachableSlurm(dir, env, fleet, "far");
    return fleet;
  }
}
