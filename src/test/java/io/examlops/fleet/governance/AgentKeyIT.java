package io.examlops.fleet.governance;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.transport.KeyFingerprint;
import io.examlops.fleet.transport.SshAgentProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registered cluster whose key only a real ssh-agent holds, on the real Slurm + OpenSSH testbed:
 * connect records the key the login node accepted, review shows it as the agent's, approval pins
 * it, a real job runs; an agent that holds another key only makes the cluster unschedulable, the
 * refusal naming both fingerprints. Also: a CertificateFile in ~/.ssh/config logs in where only the
 * user CA is trusted.
 */
class AgentKeyIT {
  @TempDir Path home;
  private TestbedFleet fleet;
  private Testbed testbed;

  @BeforeEach
  void aHomeWithoutKeyFiles() throws Exception {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "alice");
    testbed = fleet.testbed();
    // The product's home has no ~/.ssh/id_* file: no key file is readable but through the agent.
    fleet.with("HOME", home.toString());
    Files.writeString(home.resolve("ok.sh"), "#!/bin/bash\necho agent-ok\n");
  }

  @Test
  void aClusterReachedWithTheAgentsKeyIsApprovedWithItAndRunsJobsOnlyWithIt() throws Exception {
    String approvedKey = KeyFingerprint.of(testbed.key(), Secret.NONE);
    Path other = otherKey();
    String otherKey = KeyFingerprint.of(other, Secret.NONE);
    try (SshAgentProcess agent = SshAgentProcess.start().add(testbed.key())) {
      fleet.with("SSH_AUTH_SOCK", agent.socket().toString());
      JsonNode connected =
          json(
              fleet.exa(
                  "--json",
                  "hpc",
                  "connect",
                  Testbed.HOST,
                  "--name",
                  "lxp",
                  "--port",
                  Integer.toString(Testbed.PORT),
                  "--user",
                  Testbed.USER));
      assertThat(connected.at("/cluster/state").asText()).isEqualTo("PENDING");
      // clusters.yaml names no key file: the entry means "the ssh-agent's key".
      assertThat(Files.readString(home.resolve("clusters.yaml")))
          .doesNotContainPattern("(?m)^\\s+key:")
          .contains("host_key: " + testbed.hostKeyFingerprint());

      ExaRun review = fleet.exa("hpc", "review");
      assertThat(review.exitCode()).as(review.err()).isZero();
      assertThat(review.out()).contains("ssh-agent key " + approvedKey);

      JsonNode approved = json(fleet.exa("--json", "hpc", "approve", "lxp"));
      assertThat(approved.at("/pinned/keyFingerprint").asText()).isEqualTo(approvedKey);

      JsonNode submitted =
          json(
              fleet.exa(
                  "--json",
                  "hpc",
                  "submit",
                  "--cluster",
                  "lxp",
                  "--gpus",
                  "1",
                  "--partition",
                  "gpu",
                  "--name",
                  "agent-ok",
                  "--wait",
                  "--wait-timeout",
                  "120",
                  home.resolve("ok.sh").toString()));
      assertThat(submitted.at("/job/state").asText()).isEqualTo("completed");

      // The agent now holds another key only (one the login node would not take either way).
      agent.removeAll().add(other);
      ExaRun refused =
          fleet.exa(
              "hpc",
              "submit",
              "--cluster",
              "lxp",
              "--gpus",
              "1",
              "--partition",
              "gpu",
              home.resolve("ok.sh").toString());
      assertThat(refused.exitCode()).isNotZero();
      assertThat(refused.err())
          .contains("does not hold key " + approvedKey)
          .contains("it holds " + otherKey)
          .contains("ssh-add")
          .doesNotContain("PRIVATE KEY");
      JsonNode clusters = json(fleet.exa("--json", "hpc", "clusters"));
      assertThat(clusters.at("/clusters/0/schedulable").asBoolean()).isFalse();
      assertThat(clusters.at("/clusters/0/notSchedulableBecause").asText())
          .contains(approvedKey)
          .contains(otherKey);
    }
    // No agent at all: the reason says so, naming the key wanted.
    fleet.env().remove("SSH_AUTH_SOCK");
    JsonNode clusters = json(fleet.exa("--json", "hpc", "clusters"));
    assertThat(clusters.at("/clusters/0/notSchedulableBecause").asText())
        .contains(approvedKey)
        .contains("SSH_AUTH_SOCK");
  }

  @Test
  void aCertificateFileLogsInWhereOnlyTheUserCaIsTrusted() throws Exception {
    Path ssh = Files.createDirectories(home.resolve(".ssh"));
    Path key = ssh.resolve("id_cert");
    Files.copy(testbed.dir().resolve("cert_ed25519"), key);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    // The certificate lies elsewhere than beside its key: only CertificateFile finds it.
    Path daily = Files.createDirectories(home.resolve("certs"));
    Files.copy(testbed.dir().resolve("cert_ed25519-cert.pub"), daily.resolve("hpcuser-daily.pub"));
    fleet.with(
        "EXAMLOPS_HPC_SSH_KNOWN_HOSTS", testbed.dir().resolve("certhost.known_hosts").toString());
    String alias =
        String.join(
            "\n",
            "Host certlogin",
            "  HostName 127.0.0.1",
            "  Port 2225",
            "  User hpcuser",
            "  IdentityFile ~/.ssh/id_cert",
            "");
    Files.writeString(ssh.resolve("config"), alias);
    ExaRun bare = fleet.exa("hpc", "detect", "certlogin");
    assertThat(bare.exitCode()).isNotZero();
    assertThat(bare.err()).contains("authentication failed");

    Files.writeString(ssh.resolve("config"), alias + "  CertificateFile ~/certs/%r-daily.pub\n");
    ExaRun certified = fleet.exa("--json", "hpc", "detect", "certlogin");
    assertThat(certified.exitCode()).as(certified.err()).isZero();
    assertThat(json(certified).at("/scheduler").asText()).isEqualTo("slurm");
  }

  /** A key of this test's own, which no server of the testbed authorizes. */
  private Path otherKey() throws Exception {
    Path key = home.resolve("id_other");
    Process keygen =
        new ProcessBuilder(
                List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()))
            .redirectErrorStream(true)
            .start();
    assertThat(keygen.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(keygen.exitValue()).isZero();
    return key;
  }
}
