package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.jobs.SubmitResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.registry.ClustersFile;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.settings.CentralServer;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.KeyFingerprint;
import io.examlops.fleet.transport.SshAgentProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Central mode over real HTTP: a console on real stores, and an "agent" fleet on another home with
 * no registry of its own that reads the console's clusters and records its submissions there (the
 * mock backend runs the jobs; the Slurm testbed's run is in {@code JenkinsStepsIT}).
 */
class CentralModeTest {
  private static final Actor BUILD = new Actor("agent-user", "jenkins:train#7");

  @TempDir Path serverDir;
  @TempDir Path agentDir;
  private ConsoleFixture console;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console = new ConsoleFixture(serverDir, "alpha", "beta");
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private Fleet agent(String token) {
    Map<String, String> env =
        Map.of(
            "HOME",
            agentDir.toString(),
            "PATH",
            System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
            "EXAMLOPS_SERVER",
            console.base,
            "EXAMLOPS_TOKEN",
            token);
    return TestFleets.fleet(env);
  }

  private SubmitRequest job(String cluster) {
    return new SubmitRequest(
        ScriptSource.text("job.sh", "#!/bin/sh\necho central\n"),
        "central-job",
        JobOptions.on(cluster, 1));
  }

  private List<TrackedJob> serverJobs() {
    return console
        .fleet
        .jobs()
        .list(BUILD, new JobsRequest(null, null, null, ReadFrom.STORE))
        .jobs();
  }

  /**
   * The console's clusters.yaml names a key file that lives on the console's machine ({@code ~/}
   * there), not on the agent: the agent uses the ssh-agent, and only while it holds the approved
   * key; the approval gate asks the agent without connecting anywhere.
   */
  @Test
  void withoutTheKeyFileAnAgentUsesItsSshAgentOnlyWhileItHoldsTheApprovedKey() throws Exception {
    Path ssh = Files.createDirectories(serverDir.resolve(".ssh"));
    Path key = keygen(ssh.resolve("id_lxp"));
    new ClustersFile(serverDir.resolve("clusters.yaml"), TestFleets.settings(console.env).home())
        .upsert(
            ClusterDefinition.ssh(
                "lxp",
                SlurmAdapter.KIND,
                "127.0.0.1",
                "hpcuser",
                "~/.ssh/id_lxp",
                2222,
                "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("lxp"));
    String approved = KeyFingerprint.of(key, Secret.NONE);
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    Map<String, String> env = new java.util.HashMap<>();
    env.put("HOME", agentDir.toString());
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("EXAMLOPS_SERVER", console.base);
    env.put("EXAMLOPS_TOKEN", token);

    // No ssh-agent: the missing key file is what the reason names.
    assertThat(lxp(env).get("notSchedulableBecause").asText()).contains("id_lxp");
    Path other = keygen(agentDir.resolve("id_other"));
    try (SshAgentProcess agent = SshAgentProcess.start().add(other)) {
      env.put("SSH_AUTH_SOCK", agent.socket().toString());
      com.fasterxml.jackson.databind.JsonNode refused = lxp(env);
      assertThat(refused.get("schedulable").asBoolean()).isFalse();
      assertThat(refused.get("notSchedulableBecause").asText())
          .contains("does not hold key " + approved)
          .contains(KeyFingerprint.of(other, Secret.NONE));

      agent.add(key);
      assertThat(lxp(env).get("schedulable").asBoolean()).as(lxp(env).toString()).isTrue();
    }
  }

  private static com.fasterxml.jackson.databind.JsonNode lxp(Map<String, String> env)
      throws Exception {
    ExaRun clusters = ExaRun.run(env, "--json", "hpc", "clusters");
    assertThat(clusters.exitCode()).as(clusters.err()).isZero();
    for (com.fasterxml.jackson.databind.JsonNode c :
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(clusters.out())
            .get("clusters")) {
      if (c.get("name").asText().equals("lxp")) {
        return c;
      }
    }
    throw new AssertionError("no cluster lxp in " + clusters.out());
  }

  private static Path keygen(Path key) throws Exception {
    Process keygen =
        new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
            .redirectErrorStream(true)
            .start();
    assertThat(keygen.waitFor()).as(new String(keygen.getInputStream().readAllBytes())).isZero();
    return key;
  }

  @Test
  void anAgentSeesTheConsolesClustersAndItsGateRefusesAPendingOne() {
    Fleet agent = agent(console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT));

    assertThat(agent.governance().clusters()).isEqualTo(console.fleet.governance().clusters());
    FleetException refused =
        catchThrowableOfType(FleetException.class, () -> agent.jobs().submit(BUILD, job("alpha")));

    assertThat(refused.kind()).isEqualTo(ErrorKind.NOT_APPROVED);
    assertThat(refused.getMessage()).contains("cluster 'alpha' is PENDING");
    assertThat(serverJobs()).isEmpty();
  }

  @Test
  void anAgentPlacesAndSubmitsAndTheConsoleRecordsTheJobAsTheTokensUserViaTheAgentsSurface()
      throws Exception {
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    Fleet agent = agent(console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT));

    assertThat(agent.placement().place(new PlaceRequest(1, null, null, null, null)).chosen())
        .isEqualTo("beta");
    SubmitResult submitted = agent.jobs().submit(BUILD, job(JobService.AUTO));

    assertThat(submitted.job().cluster()).isEqualTo("beta");
    TrackedJob recorded = serverJobs().get(0);
    assertThat(recorded.id()).isEqualTo(submitted.job().id());
    assertThat(recorded.schedulerJobId()).isEqualTo(submitted.job().schedulerJobId()).isNotNull();
    assertThat(recorded.submittedBy()).isEqualTo(ConsoleFixture.VIEWER);
    assertThat(console.fleet.governance().audit(new AuditRequest("beta")).events())
        .anySatisfy(
            e -> {
              assertThat(e.action()).isEqualTo("submit");
              assertThat(e.actor()).isEqualTo(ConsoleFixture.VIEWER);
              assertThat(e.surface()).isEqualTo("jenkins:train#7");
            });
    // the agent follows the job and the console records what it saw
    TrackedJob ended =
        agent
            .jobs()
            .follow(
                BUILD, new io.examlops.fleet.jobs.FollowRequest(Long.toString(recorded.id()), 60))
            .job();
    assertThat(ended.state()).isEqualTo(JobState.COMPLETED);
    assertThat(console.fleet.jobRecords().find(recorded.id()).orElseThrow().state())
        .isEqualTo(JobState.COMPLETED);
    // nothing of the fleet's state was written on the agent
    assertThat(agentDir.resolve(".local/share/examlops/platform.db")).doesNotExist();
    assertThat(agentDir.resolve(".config/examlops/clusters.yaml")).doesNotExist();
  }

  @Test
  void governanceIsRefusedOnAnAgentAndSaysToUseTheConsole() {
    Fleet agent = agent(console.token(ConsoleFixture.ADMIN, TokenScope.values()));

    FleetException approve =
        catchThrowableOfType(
            FleetException.class,
            () -> agent.governance().approve(BUILD, new ApproveRequest("alpha")));
    FleetException reject =
        catchThrowableOfType(
            FleetException.class,
            () -> agent.governance().reject(BUILD, new RejectRequest("alpha", "no")));

    assertThat(approve.kind()).isEqualTo(ErrorKind.CONFLICT);
    assertThat(approve.getMessage())
        .contains("central fleet at " + console.base)
        .contains("do this on the console")
        .contains("unset EXAMLOPS_SERVER");
    assertThat(reject.getMessage()).isEqualTo(approve.getMessage());
    assertThat(console.state("alpha").name()).isEqualTo("PENDING");
  }

  @Test
  void aTokenWithoutTheSubmitScopeIsRefusedAndNothingIsRecordedOrRun() {
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);

    FleetException refused =
        catchThrowableOfType(
            FleetException.class, () -> agent(token).jobs().submit(BUILD, job("beta")));

    assertThat(refused.kind()).isEqualTo(ErrorKind.AUTHENTICATION_FAILED);
    assertThat(refused.getMessage()).contains("needs the submit scope").doesNotContain(token);
    assertThat(serverJobs()).isEmpty();
  }

  @Test
  void aRevokedTokenIsRefused() {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    var issued = console.fleet.access().tokens().get(0);
    console.fleet.access().revokeToken(ConsoleFixture.SETUP, issued.id());

    FleetException refused =
        catchThrowableOfType(FleetException.class, () -> agent(token).governance().clusters());

    assertThat(refused.kind()).isEqualTo(ErrorKind.AUTHENTICATION_FAILED);
    assertThat(refused.getMessage()).contains("unknown or revoked").doesNotContain(token);
  }

  @Test
  void theConsoleRefusesToRecordAJobForAClusterThatIsNotActive() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    String body =
        "{\"job\": {\"id\": 0, \"cluster\": \"alpha\", \"name\": \"sneaky\", \"gpus\": 1,"
            + " \"state\": \"submitting\", \"submittedBy\": \"me\","
            + " \"submittedAt\": \"2026-01-01T00:00:00.000Z\"}}";

    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + "/api/v1/facility/central/jobs"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(409);
    assertThat(response.body())
        .contains("\"kind\":\"NOT_APPROVED\"")
        .contains("no job is recorded for cluster 'alpha'");
    assertThat(serverJobs()).isEmpty();
  }

  @Test
  void aBadServerOrAMissingTokenIsRefusedNamingTheVariable() {
    FleetException noToken =
        catchThrowableOfType(FleetException.class, () -> CentralServer.of(console.base, " "));
    FleetException notHttp =
        catchThrowableOfType(
            FleetException.class, () -> CentralServer.of("ftp://fleet.example.org", "t"));

    assertThat(noToken.getMessage()).contains("EXAMLOPS_TOKEN is not set");
    assertThat(notHttp.getMessage()).contains("EXAMLOPS_SERVER is 'ftp://fleet.example.org'");
    FleetException withPath =
        catchThrowableOfType(
            FleetException.class, () -> CentralServer.of("https://example.org/fleet/", "t"));
    assertThat(withPath.getMessage()).contains("without a path");
    assertThat(CentralServer.of(console.base + "/", "secret-value").toString())
        .isEqualTo(console.base)
        .doesNotContain("secret-value");
    assertThat(Files.exists(agentDir.resolve(".local"))).isFalse();
  }

  /** The CLI's edge: EXAMLOPS_SERVER and EXAMLOPS_TOKEN make the real exa a central-mode agent. */
  @Test
  void theRealExaOnAnAgentReadsTheConsoleAndRefusesGovernance() throws Exception {
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    Map<String, String> env = new java.util.HashMap<>();
    env.put("HOME", agentDir.toString());
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("EXAMLOPS_SERVER", console.base);
    env.put("EXAMLOPS_TOKEN", token);

    ExaRun clusters = ExaRun.process(env, List.of("--json", "hpc", "clusters"));
    ExaRun approve = ExaRun.process(env, List.of("hpc", "approve", "alpha"));
    env.remove("EXAMLOPS_TOKEN");
    ExaRun noToken = ExaRun.process(env, List.of("hpc", "clusters"));
    env.put("EXAMLOPS_TOKEN", token);
    env.put("EXAMLOPS_SURFACE", "Jenkins job 7");
    ExaRun badSurface = ExaRun.process(env, List.of("hpc", "submit", "--cluster", "beta", "x.sh"));

    assertThat(clusters.exitCode()).as(clusters.err()).isZero();
    assertThat(clusters.out()).contains("\"name\" : \"alpha\"").contains("\"state\" : \"ACTIVE\"");
    assertThat(approve.exitCode()).isEqualTo(1);
    assertThat(approve.err()).contains("do this on the console at " + console.base);
    assertThat(noToken.exitCode()).isEqualTo(2);
    assertThat(noToken.err()).contains("EXAMLOPS_TOKEN is not set");
    assertThat(badSurface.exitCode()).isEqualTo(2);
    assertThat(badSurface.err()).contains("EXAMLOPS_SURFACE is 'Jenkins job 7'");
    for (ExaRun run : List.of(clusters, approve, noToken, badSurface)) {
      assertThat(run.out() + run.err()).doesNotContain(token);
    }
    assertThat(console.state("alpha").name()).isEqualTo("PENDING");
  }
}
