package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a build can do to get around the gateway, tried from a Jenkinsfile in the stand-in Jenkins
 * on an agent whose configuration names a real console (over real HTTP): unsetting or changing
 * {@code EXAMLOPS_SERVER}, pointing {@code EXAMLOPS_EXA} at a binary of its own, claiming another
 * surface or actor, binding a credential its folder was not given. None reaches a cluster past the
 * console, approves anything, or changes who the console records.
 */
class TrustBoundaryIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private Map<String, String> home;
  private RunningConsole console;
  private String teamToken;
  private Path agent;

  @BeforeEach
  void aConsoleWithOneActiveAndOnePendingCluster() throws Exception {
    home = new LinkedHashMap<>(ExaRun.fleetIn(dir.resolve("console"), "bob", 4));
    home.put("HOME", dir.resolve("console").toString());
    for (String name : new String[] {"demo", "beta"}) {
      assertThat(
              ExaRun.run(home, "hpc", "connect", "local", "--name", name, "--scheduler", "mock")
                  .exitCode())
          .isZero();
    }
    assertThat(ExaRun.run(home, "hpc", "approve", "demo").exitCode()).isZero();
    AccessService access = TestFleets.fleet(home).access();
    Actor setup = Actor.cli("setup");
    access.addUser(setup, "team-ml", Role.VIEWER, "a long test password".toCharArray());
    teamToken =
        access
            .createToken(
                setup, "team-ml", "teams-ml", EnumSet.of(TokenScope.READ, TokenScope.SUBMIT))
            .secret();
    Map<String, String> consoleEnv = new LinkedHashMap<>(home);
    consoleEnv.put("PATH", AgentWithExa.install(dir.resolve("console-host")));
    console = RunningConsole.start(dir.resolve("console-host/bin/exa").toString(), consoleEnv);
    agent = Files.createDirectories(dir.resolve("agent"));
    AgentWithExa.configure(agent, AgentWithExa.central(console.address(), "hpc-fleet-token"));
  }

  @AfterEach
  void stop() throws Exception {
    console.close();
  }

  /** A build of teams/ml/train on the agent: its folder's token is the only credential it sees. */
  private Pipeline build(int number) throws Exception {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("HOME", agent.toString());
    env.put("PATH", AgentWithExa.install(agent));
    env.put("JOB_NAME", "teams/ml/train");
    env.put("BUILD_NUMBER", Integer.toString(number));
    Pipeline pipeline = new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws" + number), env);
    // what the shipped configuration gives a job of that folder: the teams' token
    for (String id : ShippedJcasc.credentialsOf(env.get("JOB_NAME"))) {
      pipeline.withSecretText(id, teamToken);
    }
    return pipeline;
  }

  private JsonNode consoleJobs() throws Exception {
    return JSON.readTree(ExaRun.run(home, "--json", "hpc", "jobs", "--no-refresh").out())
        .get("jobs");
  }

  private String audit() {
    return ExaRun.run(home, "--json", "hpc", "audit").out();
  }

  @Test
  void unsettingTheServerOrClaimingAnotherSurfaceStillSubmitsThroughTheConsoleAsTheToken()
      throws Exception {
    Pipeline pipeline = build(7);
    String result =
        pipeline.run(
            "node { withEnv(['EXAMLOPS_SERVER=', 'EXAMLOPS_SURFACE=console', 'EXAMLOPS_ACTOR=alice',"
                + " 'HPC_FLEET_AGENT=']) {\n"
                + "  hpcSubmit(cluster: 'demo', gpus: 1, script: '#!/bin/bash\\necho hi\\n')\n"
                + "} }");
    assertThat(result).as(pipeline.log().text()).isEqualTo("SUCCESS");
    JsonNode jobs = consoleJobs();
    assertThat(jobs).hasSize(1);
    assertThat(jobs.get(0).get("submittedBy").asText()).isEqualTo("team-ml");
    JsonNode submit = null;
    for (JsonNode e : JSON.readTree(audit()).get("events")) {
      if (e.get("action").asText().equals("submit")) {
        submit = e;
      }
    }
    assertThat(submit.get("actor").asText() + " via " + submit.get("surface").asText())
        .isEqualTo("team-ml via jenkins:teams/ml/train#7");
    assertThat(submit.toString()).as("the token that vouches for it").contains("teams-ml");
    try (var files = Files.walk(agent)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("the agent kept no registry of its own")
          .doesNotContain("platform.db", "clusters.yaml");
    }
  }

  @Test
  void anotherConsoleInTheBuildsEnvironmentIsRefusedNamingTheAgentsFile() throws Exception {
    Pipeline pipeline = build(8);
    String result =
        pipeline.run(
            "node { withEnv(['EXAMLOPS_SERVER=http://127.0.0.1:9']) { hpcPlace(gpus: 1) } }");
    assertThat(result).isEqualTo("FAILURE");
    assertThat(pipeline.log().text())
        .contains("EXAMLOPS_SERVER is 'http://127.0.0.1:9', but this agent's configuration (")
        .contains("sends every command to " + console.address());
  }

  @Test
  void aBinaryOfTheBuildsOwnWithTheBoundTokenNeitherApprovesNorPassesForTheConsole()
      throws Exception {
    String before = audit();
    Path mine = agent.resolve("mine/exa");
    Files.createDirectories(mine.getParent());
    Files.writeString(agent.resolve("mine/job.sh"), "#!/bin/sh\ntrue\n");
    // whatever the step asks, this exa answers 'exa agent' as local, then tries to approve beta
    // and to submit as if signed in on the console, with the token the step bound
    Files.writeString(
        mine,
        "#!/bin/sh\n"
            + "if [ \"$2\" = agent ]; then echo '{\"version\": \"9.9.9\", \"mode\": \"central\","
            + " \"config\": \"x\", \"console\": \"x\", \"tokenCredentialsId\": \"hpc-fleet-token\"}';"
            + " exit 0; fi\n"
            + "'"
            + agent.resolve("bin/exa")
            + "' hpc approve beta >&2\n"
            + "EXAMLOPS_SURFACE=console '"
            + agent.resolve("bin/exa")
            + "' --json hpc submit --cluster demo --gpus 1 -- '"
            + agent.resolve("mine/job.sh")
            + "'\n");
    mine.toFile().setExecutable(true);
    Pipeline pipeline = build(9);
    pipeline.run("node { withEnv(['EXAMLOPS_EXA=" + mine + "']) { hpcPlace(gpus: 1) } }");
    assertThat(pipeline.log().text())
        .contains("do this on the console at " + console.address())
        .contains("names the console's own surface");
    JsonNode beta = null;
    for (JsonNode c :
        JSON.readTree(ExaRun.run(home, "--json", "hpc", "clusters").out()).get("clusters")) {
      if (c.get("name").asText().equals("beta")) {
        beta = c;
      }
    }
    assertThat(beta.get("state").asText()).isEqualTo("PENDING");
    assertThat(consoleJobs()).isEmpty();
    assertThat(audit()).isEqualTo(before);
    assertThat(pipeline.log().text()).doesNotContain(teamToken);
  }

  @Test
  void aCredentialTheBuildsFolderWasNotGivenCannotBeBound() throws Exception {
    Pipeline pipeline = build(10);
    String result =
        pipeline.run(
            "node { withCredentials([sshUserPrivateKey(credentialsId: 'hpc-cluster-key',"
                + " keyFileVariable: 'K')]) { sh 'ssh -i $K login sbatch' } }");
    assertThat(result).isEqualTo("FAILURE");
    assertThat(pipeline.log().text())
        .contains("Could not find credentials entry with ID 'hpc-cluster-key'");
    assertThat(pipeline.shRuns()).isZero();
    Pipeline governance = build(11);
    assertThat(
            governance.run(
                "node { hpcReview(submitter: 'hpc-admins', tokenCredentialsId:"
                    + " 'fleet-governance-token') }"))
        .isEqualTo("FAILURE");
    assertThat(governance.log().text())
        .contains("Could not find credentials entry with ID 'fleet-governance-token'");
  }
}
