package io.examlops.fleet.governance;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The approval workflow against the real Slurm + SSH testbed: connect → PENDING → env refused →
 * approve → env → snapshot → the host key changes → not schedulable, with the reason → the admin
 * checks the new key and approves again → schedulable; every step in the audit trail.
 */
class ApprovalIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  private TestbedFleet fleet;
  private Testbed testbed;

  @BeforeEach
  void aFleetOfItsOwn() {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "alice");
    testbed = fleet.testbed();
  }

  private Map<String, String> env() {
    return fleet.env();
  }

  private ExaRun exa(String... args) {
    return fleet.exa(args);
  }

  @Test
  void connectApproveSnapshotRotateAndApproveAgain() throws Exception {
    JsonNode connected =
        json(
            ExaRun.run(
                env(),
                new String[] {"--json", "hpc", "connect", Testbed.HOST, "--name", "lxp"},
                testbed.sshOptions()));
    DocumentedShapes.cliReference()
        .assertMatches("hpc connect", JSON.writeValueAsString(connected));
    assertThat(connected.at("/cluster/state").asText()).isEqualTo("PENDING");
    assertThat(connected.at("/cluster/requestedBy").asText()).isEqualTo("alice");
    assertThat(connected.at("/cluster/capabilities/gpus").asInt()).isEqualTo(6);
    assertThat(Files.readString(home.resolve("clusters.yaml")))
        .contains("host_key: " + testbed.hostKeyFingerprint())
        .doesNotContain("PRIVATE KEY");

    JsonNode clusters = json(exa("--json", "hpc", "clusters"));
    DocumentedShapes.cliReference()
        .assertMatches("hpc clusters", JSON.writeValueAsString(clusters));
    assertThat(clusters.at("/clusters/0/state").asText()).isEqualTo("PENDING");
    assertThat(clusters.at("/clusters/0/schedulable").asBoolean()).isFalse();

    ExaRun refused = exa("hpc", "env", "lxp");
    assertThat(refused.exitCode()).isEqualTo(ExitCodes.NOT_APPROVED);
    assertThat(refused.err()).contains("PENDING").contains("exa hpc approve lxp");

    JsonNode approved = json(exa("--json", "hpc", "approve", "lxp"));
    assertThat(approved.at("/pinned/hostKeyFingerprint").asText())
        .isEqualTo(testbed.hostKeyFingerprint());
    assertThat(approved.get("approvedBy").asText()).isEqualTo("alice");

    ExaRun environment = exa("hpc", "env", "lxp");
    assertThat(environment.exitCode()).as(environment.err()).isZero();
    assertThat(environment.out())
        .contains("export EXAMLOPS_HPC_SCHEDULER=slurm")
        .contains("export EXAMLOPS_HPC_SSH_HOST=127.0.0.1")
        .contains("export EXAMLOPS_HPC_SSH_PORT=2222")
        .contains("export EXAMLOPS_HPC_SSH_KEY=" + testbed.key())
        .contains("export EXAMLOPS_HPC_CLUSTER=lxp");
    JsonNode envJson = json(exa("--json", "hpc", "env", "lxp"));
    DocumentedShapes.cliReference().assertMatches("hpc env", JSON.writeValueAsString(envJson));

    JsonNode saved = json(exa("--json", "hpc", "nodes", "--save", "--cluster", "lxp"));
    assertThat(saved.get("snapshotId").asLong()).isPositive();
    assertThat(saved.get("nodes")).hasSize(7);

    String before = testbed.hostKeyFingerprint();
    rotateHostKey();
    String after = testbed.hostKeyFingerprint();
    assertThat(after).isNotEqualTo(before);

    ExaRun probeAfterRotation = exa("hpc", "nodes", "--save", "--cluster", "lxp");
    assertThat(probeAfterRotation.exitCode()).isEqualTo(ExitCodes.UNREACHABLE);
    assertThat(probeAfterRotation.err()).contains(after);

    JsonNode changed = json(exa("--json", "hpc", "clusters"));
    assertThat(changed.at("/clusters/0/state").asText()).isEqualTo("ACTIVE");
    assertThat(changed.at("/clusters/0/schedulable").asBoolean()).isFalse();
    assertThat(changed.at("/clusters/0/notSchedulableBecause").asText())
        .contains(after)
        .contains("approve");
    ExaRun envRefused = exa("hpc", "env", "lxp");
    assertThat(envRefused.exitCode()).isEqualTo(ExitCodes.NOT_APPROVED);
    assertThat(envRefused.err()).contains(after);

    // the admin checks the new key (here: the testbed's known_hosts now holds it), re-probes,
    // approves
    JsonNode reprobed =
        json(
            ExaRun.run(
                env(),
                new String[] {"--json", "hpc", "connect", Testbed.HOST, "--name", "lxp"},
                testbed.sshOptions()));
    assertThat(reprobed.get("reprobed").asBoolean()).isTrue();
    assertThat(reprobed.at("/cluster/state").asText())
        .as("re-probing never de-authorizes")
        .isEqualTo("ACTIVE");
    assertThat(reprobed.at("/cluster/schedulable").asBoolean())
        .as("but it does not re-approve")
        .isFalse();

    json(exa("--json", "hpc", "approve", "lxp"));
    JsonNode again = json(exa("--json", "hpc", "clusters"));
    assertThat(again.at("/clusters/0/schedulable").asBoolean()).isTrue();
    assertThat(exa("hpc", "env", "lxp").exitCode()).isZero();
    assertThat(
            json(exa("--json", "hpc", "nodes", "--save", "--cluster", "lxp"))
                .get("snapshotId")
                .asLong())
        .isGreaterThan(saved.get("snapshotId").asLong());

    JsonNode audit = json(exa("--json", "hpc", "audit", "--cluster", "lxp"));
    DocumentedShapes.cliReference().assertMatches("hpc audit", JSON.writeValueAsString(audit));
    List<String> actions = audit.get("events").findValuesAsText("action");
    assertThat(actions)
        .containsSubsequence(
            "register", "approve", "snapshot", "observe", "register", "approve", "snapshot");
    assertThat(audit.get("events").findValuesAsText("actor")).containsOnly("alice");
    assertThat(audit.get("events").findValuesAsText("surface"))
        .as("every event says the surface the actor came through")
        .containsOnly("cli");
  }

  @Test
  void rejectNeedsAReasonAndBlocksTheCluster() throws Exception {
    json(
        ExaRun.run(
            env(),
            new String[] {"--json", "hpc", "connect", Testbed.HOST, "--name", "other"},
            testbed.sshOptions()));

    ExaRun noReason = exa("hpc", "reject", "other");
    assertThat(noReason.exitCode()).isEqualTo(ExitCodes.USAGE);

    JsonNode rejected = json(exa("--json", "hpc", "reject", "other", "--reason", "wrong account"));
    assertThat(rejected.get("state").asText()).isEqualTo("REJECTED");
    ExaRun env = exa("hpc", "env", "other");
    assertThat(env.exitCode()).isEqualTo(ExitCodes.NOT_APPROVED);
    assertThat(env.err()).contains("rejected by alice").contains("wrong account");
  }

  private void rotateHostKey() throws Exception {
    Process p =
        new ProcessBuilder("bash", "scripts/testbed/rotate-host-key.sh", testbed.dir().toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }
}
