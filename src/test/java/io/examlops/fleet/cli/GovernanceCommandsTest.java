package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The governance commands on the mock (local) backend: no testbed needed, real files. */
class GovernanceCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;

  private Map<String, String> env() {
    return ExaRun.fleetIn(home, "carol", 2);
  }

  private ExaRun exa(String... args) {
    return ExaRun.run(env(), args);
  }

  @Test
  void theMockBackendGoesThroughTheSameGate() throws Exception {
    ExaRun connect =
        exa("--json", "hpc", "connect", "local", "--name", "dev", "--scheduler", "mock");
    assertThat(connect.exitCode()).as(connect.err()).isZero();
    DocumentedShapes.cliReference().assertMatches("hpc connect", connect.out());
    JsonNode cluster = JSON.readTree(connect.out()).get("cluster");
    assertThat(cluster.get("state").asText()).isEqualTo("PENDING");
    assertThat(cluster.at("/capabilities/gpus").asInt()).isEqualTo(2);

    assertThat(exa("hpc", "env", "dev").exitCode()).isEqualTo(ExitCode.NOT_APPROVED);
    assertThat(exa("hpc", "approve", "dev").exitCode()).isZero();
    ExaRun env = exa("hpc", "env", "dev");
    assertThat(env.exitCode()).as(env.err()).isZero();
    assertThat(env.out())
        .contains("export EXAMLOPS_HPC_SCHEDULER=mock")
        .contains("unset EXAMLOPS_HPC_SSH_HOST");
    ExaRun defaulted =
        ExaRun.run(
            Map.of(
                "EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString(),
                "EXAMLOPS_DATA_DIR", home.resolve("data").toString(),
                "EXAMLOPS_HPC_CLUSTER", "dev"),
            "hpc",
            "env");
    assertThat(defaulted.exitCode()).as(defaulted.err()).isZero();
  }

  @Test
  void anInvalidNameIsRefusedWithTheRuleAndNothingIsWritten() {
    ExaRun run = exa("hpc", "connect", "local", "--name", "Bad;Name", "--scheduler", "mock");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("Bad;Name").contains("lower-case letter");
    assertThat(home.resolve("clusters.yaml")).doesNotExist();
  }

  @Test
  void anUnknownClusterIsNotFoundAndNamesTheKnownOnes() {
    exa("hpc", "connect", "local", "--name", "dev", "--scheduler", "mock");

    ExaRun run = exa("hpc", "approve", "nosuch");

    assertThat(run.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(run.err()).contains("nosuch").contains("dev");
  }

  @Test
  void aMalformedRegistryFileIsReportedWithItsLineAndLeftAsItWas() throws Exception {
    Path yaml = home.resolve("clusters.yaml");
    String broken = "clusters:\n  dev:\n    scheduler: mock\n    transport: local\n    hots: x\n";
    Files.writeString(yaml, broken);

    ExaRun run = exa("hpc", "clusters");

    assertThat(run.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(run.err()).contains(yaml + ":5").contains("hots");
    assertThat(Files.readString(yaml)).isEqualTo(broken);
  }

  @Test
  void aClusterOnlyListedInTheFileIsPendingAndListingGrantsNothing() throws Exception {
    Files.writeString(
        home.resolve("clusters.yaml"),
        "# ours\nclusters:\n  dev:\n    scheduler: mock\n    transport: local\n");

    JsonNode clusters = JSON.readTree(exa("--json", "hpc", "clusters").out()).get("clusters");

    assertThat(clusters.get(0).get("state").asText()).isEqualTo("PENDING");
    assertThat(clusters.get(0).get("listedOnly").asBoolean()).isTrue();
    assertThat(exa("hpc", "env", "dev").exitCode()).isEqualTo(ExitCode.NOT_APPROVED);
  }

  @Test
  void rejectWithAnEmptyReasonIsRefused() {
    exa("hpc", "connect", "local", "--name", "dev", "--scheduler", "mock");

    ExaRun run = exa("hpc", "reject", "dev", "--reason", "  ");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("reason");
  }

  @Test
  void changingTheSchedulerOfAnApprovedClusterNeedsANewApproval() throws Exception {
    exa("hpc", "connect", "local", "--name", "dev", "--scheduler", "mock");
    ExaRun approve = exa("hpc", "approve", "dev");
    assertThat(approve.exitCode()).isZero();
    assertThat(approve.out()).contains("pinned scheduler mock over local");
    Path yaml = home.resolve("clusters.yaml");
    Files.writeString(yaml, Files.readString(yaml).replace("scheduler: mock", "scheduler: slurm"));

    ExaRun env = exa("hpc", "env", "dev");
    ExaRun place = exa("--json", "hpc", "place", "--gpus", "1");
    JsonNode listed = JSON.readTree(exa("--json", "hpc", "clusters").out()).get("clusters").get(0);

    assertThat(env.exitCode()).isEqualTo(ExitCode.NOT_APPROVED);
    assertThat(env.err()).contains("scheduler changed from mock to slurm").contains("approve dev");
    assertThat(env.out()).doesNotContain("EXAMLOPS_HPC_SCHEDULER");
    assertThat(JSON.readTree(place.out()).get("chosen").isNull()).as(place.out()).isTrue();
    JsonNode reason = JSON.readTree(place.out()).at("/candidates/0/reasons/0");
    assertThat(reason.get("rule").asText()).isEqualTo("APPROVAL");
    assertThat(reason.get("status").asText()).isEqualTo("FAIL");
    assertThat(reason.get("asked").asText()).isEqualTo("ACTIVE");
    assertThat(reason.get("there").asText())
        .startsWith("ACTIVE: ")
        .contains("scheduler changed from mock to slurm");
    assertThat(listed.get("state").asText()).isEqualTo("ACTIVE");
    assertThat(listed.toString()).contains("scheduler changed from mock to slurm");
  }
}
