package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import io.examlops.fleet.testbed.Testbed;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery against the real testbed: Slurm 22.05 with six slurmd and a declared-only node, GPU
 * GRES, three partitions, and nodes put into idle, mixed, allocated, drained and down states by
 * scripts/testbed/slurm-states.sh; probed through the real OpenSSH server with key authentication
 * and a verified host key.
 */
class DiscoveryIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> ENV = Map.of();
  private static Testbed testbed;

  @TempDir Path tmp;

  @BeforeAll
  static void testbedIsUp() {
    testbed = Testbed.require();
  }

  private static String[] detect(String... head) {
    return concat(head, new String[] {"hpc", "detect", Testbed.HOST});
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void detectFindsSlurmWithItsRealNodeAndGpuCounts() throws IOException {
    ExaRun run = ExaRun.run(ENV, detect("--json"), testbed.sshOptions());

    assertThat(run.exitCode()).as(run.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc detect", run.out());
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.get("scheduler").asText()).isEqualTo("slurm");
    assertThat(json.get("transport").asText()).isEqualTo("ssh");
    JsonNode caps = json.get("capabilities");
    assertThat(caps.get("version").asText()).isEqualTo("22.05.8");
    assertThat(caps.get("nodes").asInt()).isEqualTo(7);
    assertThat(caps.get("cpus").asInt()).isEqualTo(36);
    assertThat(caps.get("gpus").asInt()).isEqualTo(6);
    // g1 holds 2 of its 4 a100 for a job; g2's 2 v100 are free; nothing else has GPUs
    assertThat(caps.get("idleGpus").asInt()).isEqualTo(4);
    assertThat(caps.get("idleNodes").asInt()).isEqualTo(2);
    assertThat(caps.get("accounting").asBoolean()).isTrue();
    assertThat(caps.get("gpuTypes")).extracting(JsonNode::asText).containsExactly("a100", "v100");
    assertThat(caps.get("partitions").findValuesAsText("name"))
        .containsExactlyInAnyOrder("cpu", "gpu", "debug");
    JsonNode env = json.get("suggested").get("env");
    assertThat(env.get("EXAMLOPS_HPC_SCHEDULER").asText()).isEqualTo("slurm");
    assertThat(env.get("EXAMLOPS_HPC_SSH_HOST").asText()).isEqualTo(Testbed.HOST);
    assertThat(env.get("EXAMLOPS_HPC_SSH_PORT").asText()).isEqualTo("2222");
    assertThat(env.get("EXAMLOPS_HPC_SSH_KEY").asText()).isEqualTo(testbed.key().toString());
    assertThat(run.out()).doesNotContain("PRIVATE KEY");
  }

  @Test
  void detectFindsTheFluxClusterOfFluxuser() throws IOException {
    ExaRun run = ExaRun.run(ENV, detect("--json"), testbed.fluxSshOptions());

    assertThat(run.exitCode()).as(run.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc detect", run.out());
    JsonNode caps = JSON.readTree(run.out()).get("capabilities");
    assertThat(caps.get("scheduler").asText()).isEqualTo("flux");
    assertThat(caps.get("version").asText()).isEqualTo("0.88.0");
    // node07 is excluded by config; node02 has 3 of its 4 GPUs free; the rest are drained,
    // draining, fully allocated or offline
    assertThat(caps.get("nodes").asInt()).isEqualTo(7);
    assertThat(caps.get("gpus").asInt()).isEqualTo(16);
    assertThat(caps.get("idleGpus").asInt()).isEqualTo(3);
    assertThat(caps.get("accounting").asBoolean()).isFalse();
  }

  @Test
  void nodesShowEveryNormalizedStateOnce() throws IOException {
    ExaRun run =
        ExaRun.run(
            ENV,
            new String[] {"--json", "hpc", "nodes", "--host", Testbed.HOST},
            testbed.sshOptions());

    assertThat(run.exitCode()).as(run.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc nodes", run.out());
    Map<String, JsonNode> nodes = new HashMap<>();
    JSON.readTree(run.out()).get("nodes").forEach(n -> nodes.put(n.get("name").asText(), n));
    assertThat(nodes).containsOnlyKeys("n1", "n2", "n3", "n4", "n5", "g1", "g2");
    assertThat(state(nodes, "n1")).isEqualTo("mixed");
    assertThat(state(nodes, "n2")).isEqualTo("allocated");
    assertThat(state(nodes, "n3")).isEqualTo("drain");
    assertThat(state(nodes, "n4")).isEqualTo("idle");
    assertThat(state(nodes, "n5")).isEqualTo("down");
    assertThat(state(nodes, "g1")).isEqualTo("mixed");
    assertThat(state(nodes, "g2")).isEqualTo("idle");
    assertThat(nodes.get("n5").get("rawState").asText()).isEqualTo("down*");
    assertThat(nodes.get("g1").get("idleGpus").asInt()).isEqualTo(2);
    assertThat(nodes.get("g1").get("gpuCount").asInt()).isEqualTo(4);
    assertThat(nodes.get("g1").get("partitions"))
        .extracting(JsonNode::asText)
        .containsExactlyInAnyOrder("gpu", "debug");
    assertThat(nodes.get("n1").get("partitions"))
        .extracting(JsonNode::asText)
        .containsExactlyInAnyOrder("cpu", "debug");
    assertThat(nodes.get("n1").get("features"))
        .extracting(JsonNode::asText)
        .containsExactlyInAnyOrder("intel", "avx2");
    assertThat(nodes.get("n5").get("idleGpus").asInt()).isZero();
    // slurm-states.sh's reasons, the '|' and spaces of n3's kept whole
    assertThat(nodes.get("n3").get("reason").asText()).isEqualTo("disk replacement | ticket 42");
    assertThat(nodes.get("n5").get("reason").asText()).isEqualTo("no slurmd running");
    assertThat(nodes.get("n4").get("reason").isNull()).isTrue();
  }

  @Test
  void humanOutputIsAnAlignedTable() {
    ExaRun run =
        ExaRun.run(
            ENV, new String[] {"hpc", "nodes", "--host", Testbed.HOST}, testbed.sshOptions());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out().lines().findFirst()).get().asString().startsWith("NODE").contains("STATE");
    assertThat(run.out())
        .containsPattern("(?m)^n3 +4 +8000 .* drain +drained +cpu +disk replacement \\| ticket 42$")
        .containsPattern("(?m)^n4 +4 +8000 .* idle +idle +cpu +-$");
  }

  @Test
  void gpusOnAHostWithoutNvidiaSmiSaysSo() {
    ExaRun run =
        ExaRun.run(ENV, new String[] {"hpc", "gpus", "--host", Testbed.HOST}, testbed.sshOptions());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.SCHEDULER);
    assertThat(run.err()).contains("hpcuser@127.0.0.1:2222").contains("nvidia-smi");
  }

  @Test
  void anUnknownHostKeyIsRefusedWithItsFingerprintAndAcceptedOnlyByExplicitOptIn()
      throws IOException {
    Path knownHosts = Files.createFile(tmp.resolve("known_hosts"));
    String[] options = testbed.sshOptions(Testbed.USER, knownHosts);

    ExaRun refused = ExaRun.run(ENV, detect(), options);

    assertThat(refused.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(refused.err())
        .contains(testbed.hostKeyFingerprint())
        .contains("--accept-new-host-key")
        .contains("ssh-keyscan -p 2222");
    assertThat(Files.readString(knownHosts)).isEmpty();

    ExaRun accepted =
        ExaRun.run(ENV, detect(), concat(options, new String[] {"--accept-new-host-key"}));
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    assertThat(Files.readString(knownHosts)).contains("[127.0.0.1]:2222 ssh-ed25519 ");

    ExaRun strictAfterwards = ExaRun.run(ENV, detect(), options);
    assertThat(strictAfterwards.exitCode()).as(strictAfterwards.err()).isZero();
  }

  @Test
  void aChangedHostKeyIsAlwaysRefused() throws Exception {
    Path otherKey = tmp.resolve("other_host_key");
    new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", otherKey.toString())
        .inheritIO()
        .start()
        .waitFor();
    String pub = Files.readString(Path.of(otherKey + ".pub")).trim();
    Path knownHosts = tmp.resolve("known_hosts");
    Files.writeString(
        knownHosts, "[127.0.0.1]:2222 " + pub.substring(0, pub.lastIndexOf(' ')) + "\n");
    String[] options = testbed.sshOptions(Testbed.USER, knownHosts);

    for (String[] extra : new String[][] {{}, {"--accept-new-host-key"}}) {
      ExaRun run = ExaRun.run(ENV, detect(), concat(options, extra));
      assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.UNREACHABLE);
      assertThat(run.err()).containsIgnoringCase("changed").contains(testbed.hostKeyFingerprint());
    }
    ExaRun pinnedWrong =
        ExaRun.run(
            ENV,
            detect(),
            concat(
                testbed.sshOptions(),
                new String[] {"--host-key-fingerprint", "SHA256:" + "A".repeat(43)}));
    assertThat(pinnedWrong.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(pinnedWrong.err()).contains(testbed.hostKeyFingerprint());
  }

  @Test
  void aKeyTheServerDoesNotKnowIsRefused() throws Exception {
    Path wrongKey = tmp.resolve("id_wrong");
    new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", wrongKey.toString())
        .inheritIO()
        .start()
        .waitFor();

    ExaRun run =
        ExaRun.run(
            ENV,
            detect(),
            "--port",
            "2222",
            "--user",
            Testbed.USER,
            "--key",
            wrongKey.toString(),
            "--known-hosts",
            testbed.knownHosts().toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(run.err()).containsIgnoringCase("authentication").contains("hpcuser@127.0.0.1:2222");
    assertThat(run.err()).doesNotContain(Files.readString(wrongKey).substring(40, 80));
  }

  @Test
  void aPortThatNeverAnswersFailsWithinTheConnectTimeout() throws IOException {
    try (ServerSocket silent = new ServerSocket(0)) {
      ExaRun run =
          ExaRun.run(
              ENV,
              detect(),
              "--port",
              Integer.toString(silent.getLocalPort()),
              "--user",
              Testbed.USER,
              "--key",
              testbed.key().toString(),
              "--known-hosts",
              testbed.knownHosts().toString(),
              "--connect-timeout",
              "2");

      assertThat(run.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
      assertThat(run.err())
          .contains("127.0.0.1:" + silent.getLocalPort())
          .containsIgnoringCase("connect")
          .as("the --connect-timeout ended it, not the 10 s default")
          .contains("no SSH handshake within 2 s");
    }
  }

  @Test
  void aClosedPortFailsFastWithAClearMessage() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    ExaRun run =
        ExaRun.run(
            ENV,
            detect("--json"),
            "--port",
            Integer.toString(port),
            "--user",
            Testbed.USER,
            "--key",
            testbed.key().toString(),
            "--known-hosts",
            testbed.knownHosts().toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(JSON.readTree(run.out()).get("error").get("kind").asText())
        .isEqualTo("transport:connect");
    assertThat(run.err()).contains("127.0.0.1:" + port);
  }

  @Test
  void detectWithoutHostProbesTheEnvironmentsSshTransport() throws IOException {
    Map<String, String> env =
        Map.of(
            "EXAMLOPS_HPC_SSH_HOST",
            Testbed.HOST,
            "EXAMLOPS_HPC_SSH_PORT",
            "2222",
            "EXAMLOPS_HPC_SSH_USER",
            Testbed.USER,
            "EXAMLOPS_HPC_SSH_KEY",
            testbed.key().toString(),
            "EXAMLOPS_HPC_SSH_KNOWN_HOSTS",
            testbed.knownHosts().toString());

    ExaRun run = ExaRun.run(env, "--json", "hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(JSON.readTree(run.out()).get("target").asText()).isEqualTo("hpcuser@127.0.0.1:2222");
  }

  @Test
  void detectOnThisMachineSaysSoOnceInItsHostLine() {
    ExaRun run = ExaRun.run(ENV, "hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Scheduler:   slurm")
        .containsPattern("(?m)^Host: +this machine \\(\\d+ query commands\\)$")
        .doesNotContain("local over local");
  }

  private static String state(Map<String, JsonNode> nodes, String name) {
    return nodes.get(name).get("state").asText();
  }
}
