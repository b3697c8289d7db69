package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.settings.ClientCredential;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.SharedRunners;
import io.examlops.fleet.transport.TestKeys;
import io.examlops.fleet.transport.TestSshServer;
import io.examlops.fleet.transport.TransportException;
import io.examlops.fleet.transport.TransportOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How calls reach a registered cluster over SSH, on real stores and a real SSH server. */
class ClusterConnectionsTest {
  private static final Actor ALICE = Actor.cli("alice");
  private static final String OTHER_KEY = "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

  @TempDir Path dir;
  private TestSshServer server;
  private Path key;
  private FleetSettings settings;
  private SharedRunners runners;
  private ClusterConnections connections;

  @BeforeEach
  void aServerAndStores() throws Exception {
    server = new TestSshServer();
    key = TestKeys.generate(dir, "id_ed25519", TestKeys.Format.ED25519);
    server.authorize(key);
    Files.writeString(dir.resolve("known_hosts"), "");
    settings =
        TestFleets.settings(
            Map.of(
                "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
                "EXAMLOPS_DATA_DIR", dir.resolve("data").toString()));
    runners = new SharedRunners(SharedRunners.IDLE_FOR, System::nanoTime);
    connections =
        new ClusterConnections(
            new LocalStores(settings, Clock.systemUTC(), WriteHook.NONE),
            TransportOptions.DEFAULTS,
            dir.resolve("known_hosts"),
            new ClientEnvironment(Secret.NONE, warning -> {}),
            StandardSchedulers.adapters(),
            ClientCredential.NONE,
            () -> runners);
  }

  @AfterEach
  void stop() throws IOException {
    runners.close();
    server.close();
  }

  private void register(String name, String hostKey) {
    ClusterRegistry.open(settings, Clock.systemUTC())
        .register(
            ClusterDefinition.ssh(
                name,
                SlurmAdapter.KIND,
                "127.0.0.1",
                "hpcuser",
                key.toString(),
                server.port(),
                hostKey),
            Fingerprints.NONE,
            null,
            ALICE);
  }

  @Test
  void everyCallToAClusterRunsOverOneConnectionThatTheWorkCannotClose() {
    register("hpc", server.hostKeyFingerprint());
    for (int i = 0; i < 30; i++) {
      int poll = i;
      String out =
          connections.withRunner(
              connections.cluster("hpc"),
              ALICE,
              runner -> {
                try (CommandRunner own = runner) {
                  return own.run("echo " + poll).stdout();
                }
              });
      assertThat(out).isEqualTo(poll + "\n");
    }
    assertThat(server.sessionsOpened()).isEqualTo(1);
    assertThat(server.sessionsClosed()).isZero();
  }

  @Test
  void aHostKeyOtherThanThePinnedOneIsRefusedAndRecordedAgainstTheCluster() {
    register("moved", OTHER_KEY);
    TransportException e =
        catchThrowableOfType(
            TransportException.class,
            () -> connections.withRunner(connections.cluster("moved"), ALICE, r -> r.run("true")));
    assertThat(e.step()).isEqualTo(TransportException.Step.HOST_KEY);
    assertThat(connections.cluster("moved").governance().observed().hostKey())
        .isEqualTo(server.hostKeyFingerprint());
  }
}
