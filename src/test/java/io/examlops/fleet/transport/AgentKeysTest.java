package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.transport.TestKeys.Format;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real ssh-agent holding two keys, of which the server accepts one: the agent's keys are listed
 * by fingerprint without connecting, and a connection held to one key offers that key only.
 */
class AgentKeysTest {
  private static final TransportOptions FAST =
      new TransportOptions(Duration.ofSeconds(5), Duration.ofSeconds(10), 1 << 20);

  @TempDir static Path keys;
  private static TestSshServer server;
  private static SshAgentProcess agent;
  private static String accepted;
  private static String refused;
  private static Path knownHosts;

  @BeforeAll
  static void anAgentWithTwoKeys() throws Exception {
    server = new TestSshServer();
    Path authorized = TestKeys.generate(keys, "id_authorized", Format.ED25519);
    Path other = TestKeys.generate(keys, "id_other", Format.ED25519);
    server.authorize(authorized);
    accepted = KeyFingerprint.of(authorized, Secret.NONE);
    refused = KeyFingerprint.of(other, Secret.NONE);
    agent = SshAgentProcess.start().add(other).add(authorized);
    knownHosts = keys.resolve("known_hosts");
    Files.writeString(knownHosts, server.knownHostsLine() + "\n");
  }

  @AfterAll
  static void stop() throws IOException, InterruptedException {
    agent.close();
    server.close();
  }

  private static SshRunner runner(String agentKey) {
    return new SshRunner(
        new SshTarget("127.0.0.1", server.port(), "hpcuser", null),
        HostKeyPolicy.strict(knownHosts),
        FAST,
        new ClientEnvironment(Secret.NONE, warning -> {}, agent.socket()).withAgentKey(agentKey));
  }

  @Test
  void theAgentsKeysAreListedByTheFingerprintsSshKeygenPrints() {
    assertThat(AgentKeys.fingerprints(agent.socket())).containsExactly(refused, accepted);
  }

  @Test
  void unfilteredTheServerTakesTheKeyItAcceptsAndThatKeyIsReported() {
    try (SshRunner runner = runner(null)) {
      assertThat(runner.run("echo ok").stdout()).isEqualTo("ok\n");
      assertThat(runner.clientKeyFingerprint()).contains(accepted);
    }
  }

  @Test
  void heldToOneKeyOnlyThatKeyIsOffered() {
    try (SshRunner runner = runner(accepted)) {
      assertThat(runner.run("echo ok").stdout()).isEqualTo("ok\n");
      assertThat(runner.clientKeyFingerprint()).contains(accepted);
    }
    // The agent still holds the accepted key, but a connection held to the other one never
    // offers it: the server refuses.
    try (SshRunner runner = runner(refused)) {
      TransportException e =
          catchThrowableOfType(TransportException.class, () -> runner.run("true"));
      assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
      assertThat(e.getMessage()).contains("the ssh-agent's key " + refused);
    }
  }

  @Test
  void aKeyTheAgentDoesNotHoldIsRefusedNamingTheFingerprintsOnly() {
    String absent = "SHA256:" + "A".repeat(43);
    int sessions = server.sessionsOpened();
    try (SshRunner runner = runner(absent)) {
      TransportException e =
          catchThrowableOfType(TransportException.class, () -> runner.run("true"));
      assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
      assertThat(e.getMessage())
          .contains("does not hold key " + absent)
          .contains("it holds " + refused + ", " + accepted)
          .contains("ssh-add")
          .doesNotContain("PRIVATE KEY");
      // Refused before connecting: nothing reached the server.
      assertThat(server.sessionsOpened()).isEqualTo(sessions);
    }
  }

  @Test
  void noAgentIsSaidPlainly() {
    IllegalStateException e =
        catchThrowableOfType(IllegalStateException.class, () -> AgentKeys.fingerprints(null));
    assertThat(e).hasMessageContaining("SSH_AUTH_SOCK is unset");
    Path nowhere = keys.resolve("no-agent.sock");
    assertThat(
            catchThrowableOfType(
                IllegalStateException.class, () -> AgentKeys.fingerprints(nowhere)))
        .hasMessageContaining(nowhere.toString());
  }
}
