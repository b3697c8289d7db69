package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build can never approve or reject a cluster through the library: it exposes its steps only (no
 * general-purpose global), its class that runs exa refuses governance commands, and on an agent
 * without a console nothing runs unless the pipeline opts in to the agent's own registry, which the
 * log then says lets any build approve.
 */
class NoGovernanceFromBuildsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;
  private Map<String, String> env;
  private Map<String, String> admin;

  @BeforeEach
  void anAgentWithAPendingCluster() {
    env = MockFleet.agent(dir, 4, "untrusted-pr", "1");
    admin = new LinkedHashMap<>(ExaRun.fleetIn(dir, "admin", 4));
    assertThat(
            ExaRun.run(admin, "hpc", "connect", "local", "--name", "beta", "--scheduler", "mock")
                .exitCode())
        .isZero();
  }

  private Pipeline build(Map<String, String> agent) {
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), agent);
  }

  private String betaState() throws Exception {
    for (JsonNode c :
        JSON.readTree(ExaRun.run(admin, "--json", "hpc", "clusters").out()).get("clusters")) {
      if (c.get("name").asText().equals("beta")) {
        return c.get("state").asText();
      }
    }
    throw new AssertionError("no cluster beta");
  }

  @Test
  void aBuildsAttemptToApproveFailsAndChangesNothing() throws Exception {
    String auditBefore = ExaRun.run(admin, "--json", "hpc", "audit").out();

    Pipeline global = build(env);
    assertThat(global.run("node { hpcExa.run(args: ['hpc', 'approve', 'beta']) }"))
        .isEqualTo("FAILURE");
    assertThat(global.log().text())
        .contains("groovy.lang.MissingPropertyException: No such property: hpcExa");

    for (String command : new String[] {"approve", "reject", "connect"}) {
      Pipeline pipeline = build(env);
      String result =
          pipeline.run(
              "node { new io.examlops.fleet.jenkins.ExaCli(this, 'mine').run(['hpc', '"
                  + command
                  + "', 'beta']) }");
      assertThat(result).isEqualTo("FAILURE");
      assertThat(pipeline.log().text())
          .contains(
              "ERROR: mine: the HPC Fleet steps do not run 'exa hpc "
                  + command
                  + "': governance (connect, approve, reject, saving nodes) is done by an"
                  + " admin, on the console, never by a build");
      assertThat(pipeline.shRuns()).isZero();
    }

    assertThat(betaState()).isEqualTo("PENDING");
    assertThat(ExaRun.run(admin, "--json", "hpc", "audit").out()).isEqualTo(auditBefore);
  }

  @Test
  void onAnAgentItsAdministratorDidNotConfigureNothingRunsWhateverThePipelineSets()
      throws Exception {
    Files.delete(dir.resolve("etc/agent.yaml"));
    for (String attempt :
        List.of(
            "hpcPlace(gpus: 1)",
            "withEnv(['HPC_FLEET_LOCAL_REGISTRY=true']) { hpcPlace(gpus: 1) }",
            "withEnv(['HPC_FLEET_AGENT=built-in|exa|0.1.0|local|x|-|-']) { hpcPlace(gpus: 1) }")) {
      Pipeline refused = build(env);
      assertThat(refused.run("node { " + attempt + " }")).as(attempt).isEqualTo("FAILURE");
      assertThat(refused.log().text())
          .as(attempt)
          .contains(
              "hpcPlace: this agent has no HPC Fleet configuration (/etc/examlops/agent.yaml)")
          .contains("a build cannot choose either")
          .doesNotContain("hpcPlace: chose");
    }
  }

  @Test
  void anAgentWhoseAdministratorAllowsItsOwnRegistrySaysWhatThatMeans() {
    Pipeline local = build(env);
    String result = local.run("node { hpcPlace(gpus: 1) }");
    assertThat(result).as(local.log().text()).isEqualTo("SUCCESS");
    assertThat(local.log().text())
        .contains(
            "hpcPlace: WARNING: using this agent's own registry (local: true in "
                + dir.resolve("etc/agent.yaml")
                + "): whoever can run builds on this agent can also approve clusters")
        .contains("hpcPlace: chose");
  }
}
