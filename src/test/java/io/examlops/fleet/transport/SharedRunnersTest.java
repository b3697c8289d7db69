package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.transport.TestKeys.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One connection per endpoint, shared by every borrower, on a real SSH server; idleness is measured
 * on a clock the test moves.
 */
class SharedRunnersTest {
  private static final Duration IDLE = Duration.ofMinutes(5);
  private static final Consumer<String> NO_WARNINGS = w -> {};

  @TempDir Path dir;
  private TestSshServer server;
  private Path key;
  private final AtomicLong now = new AtomicLong();
  private SharedRunners runners;

  @BeforeEach
  void startServer() throws Exception {
    server = new TestSshServer();
    key = TestKeys.generate(dir, "id_ed25519", Format.ED25519);
    server.authorize(key);
    Files.writeString(dir.resolve("known_hosts"), "");
    runners = new SharedRunners(IDLE, now::get);
  }

  @AfterEach
  void stopServer() throws IOException {
    runners.close();
    server.close();
  }

  /** A new, equal endpoint each time, as ClusterConnections builds one per call. */
  private Endpoint endpoint(TransportOptions options) {
    return new Endpoint(
        new SshTarget("127.0.0.1", server.port(), "hpcuser", key),
        HostKeyPolicy.pinned(dir.resolve("known_hosts"), server.hostKeyFingerprint()),
        options,
        new ClientEnvironment(Secret.NONE, NO_WARNINGS));
  }

  private String echo(Endpoint endpoint, String text) {
    try (SharedRunners.Lease lease = runners.borrow(endpoint)) {
      return lease.runner().run("echo " + text).stdout();
    }
  }

  @Test
  void everyBorrowerOfAnEndpointSharesOneConnection() {
    for (int i = 0; i < 30; i++) {
      try (SharedRunners.Lease lease = runners.borrow(endpoint(TransportOptions.DEFAULTS))) {
        assertThat(lease.runner().run("echo " + i).stdout()).isEqualTo(i + "\n");
        assertThat(lease.runner().commandsRun()).as("this borrower's commands").isEqualTo(1);
        assertThat(lease.hostKeyFingerprint()).contains(server.hostKeyFingerprint());
        // What a borrower closes stays open for the others.
        lease.runner().close();
      }
    }
    assertThat(server.sessionsOpened()).isEqualTo(1);
    assertThat(server.sessionsClosed()).isZero();

    TransportOptions other =
        new TransportOptions(Duration.ofSeconds(5), Duration.ofSeconds(60), 1 << 20);
    assertThat(echo(endpoint(other), "other")).isEqualTo("other\n");
    assertThat(server.sessionsOpened()).as("another endpoint, another connection").isEqualTo(2);
  }

  @Test
  void aRunnerNobodyBorrowedForTheIdleTimeIsClosedAndTheNextBorrowConnectsAgain() {
    Endpoint endpoint = endpoint(TransportOptions.DEFAULTS);
    assertThat(echo(endpoint, "one")).isEqualTo("one\n");
    now.addAndGet(IDLE.toNanos() - 1);
    runners.closeIdle();
    assertThat(echo(endpoint, "two")).isEqualTo("two\n");
    assertThat(server.sessionsOpened())
        .as("used again before it was idle long enough")
        .isEqualTo(1);

    now.addAndGet(IDLE.toNanos());
    runners.closeIdle();
    Eventually.waitUntil("the idle connection ended", () -> server.sessionsClosed() == 1);
    assertThat(echo(endpoint, "three")).isEqualTo("three\n");
    assertThat(server.sessionsOpened()).isEqualTo(2);
  }

  @Test
  void aRunnerLentOutIsNotClosedHoweverLongItIsHeld() {
    try (SharedRunners.Lease lease = runners.borrow(endpoint(TransportOptions.DEFAULTS))) {
      assertThat(lease.runner().run("echo held").stdout()).isEqualTo("held\n");
      now.addAndGet(IDLE.toNanos() * 10);
      runners.closeIdle();
      assertThat(lease.runner().run("echo still").stdout()).isEqualTo("still\n");
    }
    assertThat(server.sessionsOpened()).isEqualTo(1);
    assertThat(server.sessionsClosed()).isZero();
  }

  @Test
  void closingEndsEveryConnection() {
    echo(endpoint(TransportOptions.DEFAULTS), "a");
    echo(
        endpoint(new TransportOptions(Duration.ofSeconds(5), Duration.ofSeconds(60), 1 << 20)),
        "b");
    runners.close();
    Eventually.waitUntil("both connections ended", () -> server.sessionsClosed() == 2);
  }
}
