package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.CapacityRequest;
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
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.settings.CentralServer;
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
 * Central mode over real HTTP: a console on real stores, the fleet's gateway, and an "agent" fleet
 * on another home with no registry and no credential of its own that reads the console's clusters
 * and asks the console to place, submit, follow and cancel (the mock backend runs the jobs on the
 * console's side; the Slurm testbed's run is in {@code GatewayIT}).
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
    return console.agent(agentDir, token);
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

  /** The Jenkins capacity job runs on an agent: it reads what the console follows and counts. */
  @Test
  void anAgentReadsTheFleetsCapacityAsTheConsoleCountsIt() {
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    Fleet agent = agent(console.token(ConsoleFixture.VIEWER, TokenScope.READ));

    var read = agent.capacity().capacity(BUILD, new CapacityRequest(ReadFrom.SCHEDULER));

    var counted = console.fleet.capacity().capacity(BUILD, new CapacityRequest(ReadFrom.STORE));
    // a mock cluster's snapshot is taken when it is read: its time is the agent's read, the rest
    // is the console's count
    assertThat(List.of(read.totalGpus(), read.idleGpus(), read.gpuHours(), read.currency()))
        .isEqualTo(
            List.of(
                counted.totalGpus(), counted.idleGpus(), counted.gpuHours(), counted.currency()));
    assertThat(read.totalGpus()).isPositive();
    assertThat(read.clusters()).extracting(c -> c.cluster()).containsExactly("beta");
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
    // the agent follows the job through the console, which watched and recorded it
    TrackedJob ended =
        agent
            .jobs()
            .follow(BUILD, new io.examlops.fleet.jobs.FollowRequest("#" + recorded.id(), 60))
            .job();
    assertThat(ended.state()).isEqualTo(JobState.COMPLETED);
    assertThat(serverJobs().get(0).state()).isEqualTo(JobState.COMPLETED);
    // and reads its output from the console, from where it left off
    StringBuilder output = new StringBuilder();
    var read =
        agent
            .jobs()
            .logs(
                BUILD,
                new io.examlops.fleet.jobs.LogsRequest("#" + recorded.id(), false, 60),
                output::append);
    assertThat(output.toString()).isEqualTo("central\n");
    StringBuilder rest = new StringBuilder();
    agent
        .jobs()
        .logs(
            BUILD,
            new io.examlops.fleet.jobs.LogsRequest("#" + recorded.id(), false, 60, read.offset()),
            rest::append);
    assertThat(rest.toString()).isEmpty();
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

  /**
   * A token submits through the console or not at all: the console refuses a cluster that is not
   * ACTIVE, and no route takes a job record an agent made up (the routes that did are gone).
   */
  @Test
  void aTokenCanRecordNoJobTheConsoleDidNotSubmit() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    String made =
        "{\"job\": {\"id\": 0, \"cluster\": \"alpha\", \"name\": \"sneaky\", \"gpus\": 1,"
            + " \"state\": \"submitting\", \"submittedBy\": \"me\","
            + " \"submittedAt\": \"2026-01-01T00:00:00.000Z\"}}";
    String submit =
        "{\"fileName\": \"x.sh\", \"script\": \"#!/bin/sh\\necho x\\n\", \"job\":"
            + " {\"cluster\": \"alpha\", \"gpus\": 1, \"nodes\": 1}}";

    HttpResponse<String> recorded = post(token, "/api/v1/facility/central/jobs", made);
    HttpResponse<String> pending = post(token, "/api/v1/facility/central/submit", submit);

    assertThat(recorded.statusCode()).isIn(404, 405);
    assertThat(pending.statusCode()).as(pending.body()).isEqualTo(409);
    assertThat(pending.body())
        .contains("\"kind\":\"NOT_APPROVED\"")
        .contains("cluster 'alpha' is PENDING");
    assertThat(serverJobs()).isEmpty();
  }

  /** A submission's options are judged by the rules exa hpc submit's are, naming the field. */
  @Test
  void badSubmissionOptionsAreRefusedNamingTheFieldAndNothingIsSubmitted() throws Exception {
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    Map<String, String> bad =
        Map.of(
            "\"gpus\": -1, \"nodes\": 1", "GPUs must be 0 (a CPU-only job) or more, got -1",
            "\"gpus\": 1, \"nodes\": 1, \"partition\": \"$(reboot)\"", "partition",
            "\"gpus\": 1, \"nodes\": 1, \"environment\": {\"EXAMLOPS_TOKEN\": \"x\"}",
                "never exported into a job",
            // issue 34: 1.5 was stored as 1
            "\"gpus\": 1.5, \"nodes\": 1", "its field 'gpus' is 1.5, which is not a whole number");
    for (var c : bad.entrySet()) {
      String body =
          "{\"fileName\": \"x.sh\", \"script\": \"#!/bin/sh\\necho x\\n\", \"job\":"
              + " {\"cluster\": \"beta\", "
              + c.getKey()
              + "}}";
      HttpResponse<String> refused = post(token, "/api/v1/facility/central/submit", body);
      assertThat(refused.statusCode()).as(body + " -> " + refused.body()).isEqualTo(400);
      assertThat(refused.body()).as(body).contains(c.getValue()).doesNotContain("java.");
    }
    assertThat(serverJobs()).isEmpty();
  }

  private HttpResponse<String> post(String token, String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
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
