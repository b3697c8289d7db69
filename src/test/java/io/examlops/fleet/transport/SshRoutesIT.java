package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedStates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ways HPC users reach login nodes, against the real OpenSSH servers of
 * scripts/testbed/ssh-routes-up.sh: a bastion in a network namespace with the login node behind it
 * admitting hpcuser only from the bastion, a real ssh-agent, and a server that trusts only a user
 * CA and presents a host certificate. Everything goes through the real {@code exa} entry point with
 * a home directory of the test's own, as a user's shell would.
 */
class SshRoutesIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BASTION = "jumpuser@10.231.0.2:2200";
  private static final String BEHIND = "hpcuser@10.231.0.1:2224";

  @TempDir Path home;
  private Testbed testbed;
  private Path ssh;

  @BeforeEach
  void aHomeOfItsOwn() throws IOException {
    testbed = Testbed.require();
    for (String file :
        List.of("jump_ed25519", "cert_ed25519", "bastion.known_hosts", "cert.known_hosts")) {
      if (!Files.isRegularFile(testbed.dir().resolve(file))) {
        throw new AssertionError(
            testbed.dir().resolve(file)
                + " is missing: run scripts/testbed/ssh-routes-up.sh (scripts/test.sh does)");
      }
    }
    ssh = Files.createDirectories(home.resolve(".ssh"));
    copyKey(testbed.key(), ssh.resolve("id_lxp"));
    copyKey(testbed.dir().resolve("jump_ed25519"), ssh.resolve("id_jump"));
    // The user's own config includes a file per site, as many do; the jump host's key is named
    // with a token and the login node's with ~, both expanded the way OpenSSH does.
    Files.writeString(ssh.resolve("config"), "Include config.d/*\n");
    Files.createDirectories(ssh.resolve("config.d"));
    Files.writeString(
        ssh.resolve("config.d").resolve("lxp"),
        String.join(
            "\n",
            "Host lxp direct",
            "  HostName 10.231.0.1",
            "  Port 2224",
            "  User hpcuser",
            "  IdentityFile ~/.ssh/id_lxp",
            "Host lxp",
            "  ProxyJump bastion",
            "Host elsewhere",
            "  HostName 10.231.0.1",
            "  Port 2222",
            "  User hpcuser",
            "  IdentityFile ~/.ssh/id_lxp",
            "  ProxyJump bastion",
            "Host bastion",
            "  HostName 10.231.0.2",
            "  Port 2200",
            "  User jumpuser",
            "  IdentityFile %d/.ssh/id_jump",
            ""));
    knownHosts("bastion.known_hosts", "behind.known_hosts");
  }

  @Test
  void anAliasWithProxyJumpIsReachedThroughTheBastionAndOnlyThrough() throws Exception {
    ExaRun jumped = exa(env(), "--json", "hpc", "detect", "lxp");
    assertThat(jumped.exitCode()).as(jumped.err()).isZero();
    JsonNode detected = JSON.readTree(jumped.out());
    assertThat(detected.at("/scheduler").asText()).isEqualTo("slurm");
    assertThat(detected.at("/target").asText()).isEqualTo(BEHIND + " via " + BASTION);

    // The same login node without the jump: its sshd admits hpcuser only from the bastion's
    // address, so the detection above can only have come through the bastion.
    ExaRun direct = exa(env(), "hpc", "detect", "direct");
    assertThat(direct.exitCode()).isNotZero();
    assertThat(direct.err()).contains(BEHIND + ": authentication failed");

    // The bastion forwards only to the login node (PermitOpen): elsewhere, it says it cannot.
    ExaRun notCarried = exa(env(), "hpc", "detect", "elsewhere");
    assertThat(notCarried.exitCode()).isNotZero();
    assertThat(notCarried.err())
        .contains("hpcuser@10.231.0.1:2222: connect failed: the jump host " + BASTION)
        .contains("could not open a connection to 10.231.0.1:2222")
        .contains("PermitOpen");
  }

  @Test
  void aClusterBehindTheBastionIsRegisteredApprovedWithItsRouteAndUsedEndToEnd() throws Exception {
    // Named tc so that the testbed's states can be awaited through it at the end.
    ExaRun connect = exa(env(), "--json", "hpc", "connect", "lxp", "--name", "tc");
    assertThat(connect.exitCode()).as(connect.err()).isZero();
    String yaml = Files.readString(home.resolve("clusters.yaml"));
    assertThat(yaml)
        .contains("host: \"10.231.0.1\"")
        .contains("port: 2224")
        .contains("jump: " + BASTION + "\n")
        .contains("jump_keys: " + ssh.resolve("id_jump"))
        .containsPattern("jump_host_keys: \"?SHA256:[A-Za-z0-9+/]{43}");

    // What the admin is shown is what the approval pins: the route and the bastion's host key.
    ExaRun review = exa(env(), "hpc", "review");
    assertThat(review.out()).containsPattern("via +" + BASTION + " host key SHA256:");
    ExaRun approve = exa(env(), "--json", "hpc", "approve", "tc");
    assertThat(approve.exitCode()).as(approve.err()).isZero();
    JsonNode hops = JSON.readTree(approve.out()).at("/pinned/jumps");
    assertThat(hops).hasSize(1);
    String pin = hops.get(0).asText();
    assertThat(pin).startsWith(BASTION + " host key SHA256:");
    assertThat(yaml).contains(pin.substring(pin.indexOf("SHA256:")));

    // A job goes to the real Slurm through the bastion (the login node admits no other way).
    Path job = home.resolve("via.sh");
    Files.writeString(job, "#!/bin/bash\necho \"through the bastion on $(hostname)\"\n");
    ExaRun submitted =
        exa(
            env(),
            "--json",
            "hpc",
            "submit",
            "--cluster",
            "tc",
            "--gpus",
            "0",
            "--time",
            "00:05:00",
            "--wait",
            job.toString());
    assertThat(submitted.exitCode()).as(submitted.err()).isZero();
    JsonNode done = JSON.readTree(submitted.out()).get("job");
    assertThat(done.get("state").asText()).isEqualTo("completed");
    ExaRun logs = exa(env(), "hpc", "logs", "#" + done.get("id").asText());
    assertThat(logs.out()).as(logs.err()).contains("through the bastion on ");

    // Another route in clusters.yaml than the one approved: not schedulable until approved again.
    Files.writeString(
        home.resolve("clusters.yaml"),
        Files.readString(home.resolve("clusters.yaml"))
            .replace(BASTION, BASTION.replace(":2200", ":22")));
    ExaRun rerouted = exa(env(), "hpc", "submit", "--cluster", "tc", "--gpus", "0", job.toString());
    assertThat(rerouted.exitCode()).isNotZero();
    assertThat(rerouted.err())
        .contains("jump hosts changed from " + BASTION + " host key SHA256:")
        .contains(" to jumpuser@10.231.0.2:22 host key SHA256:")
        .contains("an admin must approve it again");
    Files.writeString(home.resolve("clusters.yaml"), yaml);
    TestbedStates.awaitOnlyTheHolds(env());

    // A bastion that presents another key than the one pinned for it is refused at the hop, even
    // though known_hosts lists the key it presents.
    String loginKey = yaml.replaceAll("(?s).*host_key: (SHA256:[A-Za-z0-9+/]{43}).*", "$1");
    try (SshRunner runner =
        Transports.ssh(
            new SshTarget(
                "10.231.0.1",
                2224,
                "hpcuser",
                ssh.resolve("id_lxp"),
                List.of(new SshTarget("10.231.0.2", 2200, "jumpuser", ssh.resolve("id_jump")))),
            new HostKeyPolicy(
                HostKeyPolicy.Mode.PINNED, ssh.resolve("known_hosts"), loginKey, List.of(loginKey)),
            TransportOptions.DEFAULTS,
            new ClientEnvironment(Secret.NONE, warning -> {}, null))) {
      assertThatThrownBy(() -> runner.run("true", new byte[0]))
          .isInstanceOf(TransportException.class)
          .hasMessageContaining(BASTION + " (jump host 1 of 1 to " + BEHIND + "): host key failed")
          .hasMessageContaining("but the approved (pinned) key is " + loginKey);
    }
  }

  @Test
  void aChangedJumpHostKeyIsRefusedNamingTheHop() throws Exception {
    // known_hosts lists another key for the bastion (the login node's).
    String behindKey =
        Files.readString(testbed.dir().resolve("behind.known_hosts")).split(" ", 2)[1];
    Files.writeString(
        ssh.resolve("known_hosts"),
        "[10.231.0.2]:2200 "
            + behindKey
            + Files.readString(testbed.dir().resolve("behind.known_hosts")));
    ExaRun refused = exa(env(), "hpc", "detect", "lxp");
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err())
        .contains(BASTION + " (jump host 1 of 1 to " + BEHIND + "): host key failed")
        .contains("HAS CHANGED");
  }

  @Test
  void theSshAgentHoldsTheOnlyKey() throws Exception {
    Path agentDir = Files.createTempDirectory("agent");
    Path socket = agentDir.resolve("agent.sock");
    Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", socket.toString()).start();
    try {
      awaitSocket(socket, agent);
      Path copy = agentDir.resolve("key");
      copyKey(testbed.key(), copy);
      ProcessBuilder adding = new ProcessBuilder("ssh-add", "-q", copy.toString());
      adding.environment().put("SSH_AUTH_SOCK", socket.toString());
      Process added = adding.redirectErrorStream(true).start();
      assertThat(added.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(added.exitValue()).as(new String(added.getInputStream().readAllBytes())).isZero();
      Files.delete(copy);
      // No key file is readable by the product: the home has none, and none is named.
      Files.delete(ssh.resolve("id_lxp"));
      Files.delete(ssh.resolve("id_jump"));
      Map<String, String> env = env();
      env.put("SSH_AUTH_SOCK", socket.toString());

      ExaRun detected =
          exa(
              env,
              "--json",
              "hpc",
              "detect",
              Testbed.HOST,
              "--port",
              Integer.toString(Testbed.PORT),
              "--user",
              Testbed.USER,
              "--known-hosts",
              testbed.knownHosts().toString());
      assertThat(detected.exitCode()).as(detected.err()).isZero();
      assertThat(JSON.readTree(detected.out()).at("/scheduler").asText()).isEqualTo("slurm");

      // The key the agent signed with is the one recorded for the audit trail.
      try (SshRunner runner =
          Transports.ssh(
              new SshTarget(Testbed.HOST, Testbed.PORT, Testbed.USER, null),
              HostKeyPolicy.strict(testbed.knownHosts()),
              TransportOptions.DEFAULTS,
              new ClientEnvironment(Secret.NONE, warning -> {}, socket))) {
        assertThat(runner.run("id -un", new byte[0]).stdout().strip()).isEqualTo(Testbed.USER);
        assertThat(runner.clientKeyFingerprint())
            .contains(KeyFingerprint.of(testbed.key(), Secret.NONE));
      }

      ExaRun noAgent = exa(env(), "hpc", "detect", Testbed.HOST, "--user", Testbed.USER);
      assertThat(noAgent.exitCode()).isNotZero();
      assertThat(noAgent.err()).contains("SSH_AUTH_SOCK");
    } finally {
      agent.destroy();
      agent.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aUserCertificateAndAHostCertificateAreEachTakenWhereOnlyTheirCaIsTrusted() throws Exception {
    Path key = ssh.resolve("id_cert");
    copyKey(testbed.dir().resolve("cert_ed25519"), key);
    // Without its certificate the key is refused: the server has no authorized_keys at all.
    ExaRun bare = onCertificateServer("detect", key, testbed.dir().resolve("certhost.known_hosts"));
    assertThat(bare.exitCode()).isNotZero();
    assertThat(bare.err()).contains("authentication failed");

    Files.copy(testbed.dir().resolve("cert_ed25519-cert.pub"), ssh.resolve("id_cert-cert.pub"));
    Path plainKey = testbed.dir().resolve("certhost.known_hosts");
    ExaRun certified = onCertificateServer("detect", key, plainKey);
    assertThat(certified.exitCode()).as(certified.err()).isZero();
    assertThat(JSON.readTree(certified.out()).at("/scheduler").asText()).isEqualTo("slurm");
    assertThat(JSON.readTree(certified.out()).at("/hostKeyFingerprint").asText())
        .startsWith("SHA256:");

    // The same server known only through the CA that signed its host certificate: jsch checks
    // the certificate against that CA, and the key it certifies is not known here, so none is
    // recorded, and registering (which pins the key) is refused.
    Path caOnly = testbed.dir().resolve("cert.known_hosts");
    ExaRun viaCa = onCertificateServer("detect", key, caOnly);
    assertThat(viaCa.exitCode()).as(viaCa.err()).isZero();
    assertThat(JSON.readTree(viaCa.out()).at("/scheduler").asText()).isEqualTo("slurm");
    assertThat(JSON.readTree(viaCa.out()).at("/hostKeyFingerprint").isNull()).isTrue();
    ExaRun connect = onCertificateServer("connect", key, caOnly, "--name", "certified");
    assertThat(connect.exitCode()).isEqualTo(2);
    assertThat(connect.err())
        .contains("presented a host certificate")
        .contains("add the host's plain key to known_hosts")
        .contains("nothing was registered");
    assertThat(home.resolve("clusters.yaml")).doesNotExist();

    // The certified key marked @revoked: the certificate is refused, though its CA is trusted.
    Path revoked = ssh.resolve("revoked.known_hosts");
    Files.writeString(
        revoked,
        Files.readString(caOnly) + "@revoked " + Files.readString(plainKey).strip() + "\n");
    ExaRun refused = onCertificateServer("detect", key, revoked);
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err()).contains("host key failed").contains("revoked");
  }

  private ExaRun onCertificateServer(String command, Path key, Path knownHosts, String... more) {
    List<String> args = new ArrayList<>(List.of("--json", "hpc", command));
    args.addAll(List.of(more));
    args.addAll(
        List.of(
            Testbed.HOST,
            "--port",
            "2225",
            "--user",
            Testbed.USER,
            "--key",
            key.toString(),
            "--known-hosts",
            knownHosts.toString()));
    return exa(env(), args.toArray(String[]::new));
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "alice", 0));
    env.put("HOME", home.toString());
    return env;
  }

  private static ExaRun exa(Map<String, String> env, String... args) {
    return ExaRun.run(env, args);
  }

  private void knownHosts(String... files) throws IOException {
    List<String> lines = new ArrayList<>();
    for (String file : files) {
      lines.addAll(Files.readAllLines(testbed.dir().resolve(file)));
    }
    Files.write(ssh.resolve("known_hosts"), lines);
  }

  private static void copyKey(Path from, Path to) throws IOException {
    Files.copy(from, to);
    Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-------"));
  }

  private static void awaitSocket(Path socket, Process agent) throws InterruptedException {
    // ssh-agent -D creates the socket before it serves; the test waits for it, however long that
    // takes on a busy machine, unless the agent died.
    while (!Files.exists(socket)) {
      if (!agent.isAlive()) {
        throw new AssertionError("ssh-agent exited with " + agent.exitValue());
      }
      Thread.sleep(20);
    }
  }
}
