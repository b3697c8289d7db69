package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;
import io.examlops.fleet.placement.Rule;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A submit token's limits, held by the console for what agents ask of it over real HTTP: a cluster,
 * a partition or a GPU count it may not use is refused with 403 naming the rule and nothing is
 * recorded; placement skips what it may not use and says why; its unfinished jobs and GPU-hours are
 * bounded; preflight shows what is left (the mock backend runs the jobs on the console's side).
 */
class TokenLimitsThroughTheGatewayTest {
  private static final Actor BUILD = new Actor("agent-user", "jenkins:train#7");

  @TempDir Path serverDir;
  @TempDir Path agentDir;
  private ConsoleFixture console;

  @BeforeEach
  void twoActiveClusters() {
    console = new ConsoleFixture(serverDir, "alpha", "beta");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private String token(TokenLimits limits) {
    return console
        .fleet
        .access()
        .createToken(
            ConsoleFixture.SETUP,
            ConsoleFixture.VIEWER,
            "ci",
            EnumSet.of(TokenScope.READ, TokenScope.SUBMIT),
            limits)
        .secret();
  }

  private static SubmitRequest job(JobOptions options) {
    return new SubmitRequest(
        ScriptSource.text("job.sh", "#!/bin/sh\nsleep 60\n"), "limited", options);
  }

  private static JobOptions on(String cluster, int gpus, String partition, String time) {
    return new JobOptions(cluster, gpus, 1, partition, time, null, Map.of(), null, null, false);
  }

  private int recorded() {
    return console
        .fleet
        .jobs()
        .list(BUILD, new JobsRequest(null, null, null, ReadFrom.STORE))
        .jobs()
        .size();
  }

  private static FleetException refused(Runnable call) {
    return catchThrowableOfType(FleetException.class, call::run);
  }

  @Test
  void aClusterAPartitionOrAGpuCountTheTokenMayNotUseIsRefusedNamingTheRule() {
    Fleet agent =
        console.agent(
            agentDir,
            token(new TokenLimits(Set.of("alpha"), Set.of("inline"), 2, null, null, null)));

    FleetException cluster =
        refused(() -> agent.jobs().submit(BUILD, job(on("beta", 1, null, null))));
    FleetException gpus =
        refused(() -> agent.jobs().submit(BUILD, job(on("alpha", 4, null, null))));
    FleetException partition =
        refused(() -> agent.jobs().submit(BUILD, job(on("alpha", 1, "debug", null))));

    assertThat(cluster.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(cluster.getMessage())
        .contains("token 'ci'", "may use clusters alpha (rule clusters), not beta");
    assertThat(gpus.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(gpus.getMessage()).contains("at most 2 GPUs a job (rule max-gpus-per-job), not 4");
    assertThat(partition.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(partition.getMessage()).contains("partitions inline (rule partitions), not debug");
    assertThat(recorded()).as("nothing refused is recorded").isZero();
    // ...but each refusal is on the audit trail: the token's owner, the surface the agent named.
    var trail = console.refused();
    assertThat(trail)
        .extracting(
            e ->
                e.actor()
                    + " via "
                    + e.surface()
                    + ": "
                    + e.details().get("what").asText()
                    + ", "
                    + e.details().get("why").asText())
        .containsExactly(
            "vic via jenkins:train#7: submit to beta, token-limit",
            "vic via jenkins:train#7: submit to alpha, token-limit");
    assertThat(trail.get(0).details().get("token").asText()).startsWith("'ci' (");
    assertThat(trail.get(1).details().get("count").asInt()).as("gpus, then partition").isEqualTo(2);
    assertThat(trail.get(1).details().get("message").asText()).contains("rule partitions");

    // what it may use goes through, to the cluster it may use
    assertThat(agent.jobs().submit(BUILD, job(on(JobService.AUTO, 1, null, null))).job().cluster())
        .isEqualTo("alpha");
  }

  @Test
  void placementSkipsTheClusterTheTokenMayNotUseAndSaysWhy() {
    Fleet agent =
        console.agent(
            agentDir, token(new TokenLimits(Set.of("beta"), Set.of(), null, null, null, null)));

    PlaceResult placed = agent.placement().place(PlaceRequest.gpus(1));

    assertThat(placed.chosen()).isEqualTo("beta");
    assertThat(placed.candidates())
        .filteredOn(v -> v.cluster().equals("alpha"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.outcome().name()).isEqualTo("SKIPPED");
              assertThat(v.reason()).contains("rule clusters");
              assertThat(v.reasons()).anyMatch(r -> r.rule() == Rule.TOKEN && r.failed());
            });
  }

  @Test
  void unfinishedJobsAndGpuHoursAreBoundedAndPreflightSaysWhatIsLeft() {
    Fleet agent =
        console.agent(
            agentDir,
            token(
                new TokenLimits(
                    Set.of(), Set.of(), null, 1, new BigDecimal("3"), TokenLimits.Period.DAY)));

    PreflightResult before =
        agent
            .placement()
            .preflight(BUILD, new PreflightRequest("alpha", 1, null, null, null, null));
    assertThat(before.checks().get(0).name()).isEqualTo("TOKEN");
    assertThat(before.checks().get(0).status()).isEqualTo("PASS");
    assertThat(before.checks().get(0).reason())
        .contains("1 of 1 jobs, 3 of 3 GPU-hours this day left");

    FleetException overBudget =
        refused(() -> agent.jobs().submit(BUILD, job(on("alpha", 2, null, "2:00:00"))));
    assertThat(overBudget.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(overBudget.getMessage())
        .contains("3 GPU-hours a day (rule gpu-hours), not 0 used in the last day and 4 asked");

    agent.jobs().submit(BUILD, job(on("alpha", 1, null, "1:00:00")));
    FleetException second =
        refused(() -> agent.jobs().submit(BUILD, job(on("beta", 1, null, null))));
    assertThat(second.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(second.getMessage())
        .contains("at most 1 unfinished jobs at once (rule max-running-jobs)");
    assertThat(recorded()).isEqualTo(1);

    PreflightResult after =
        agent
            .placement()
            .preflight(BUILD, new PreflightRequest("alpha", 1, null, null, null, null));
    assertThat(after.failed()).isTrue();
    assertThat(after.checks())
        .singleElement()
        .satisfies(c -> assertThat(c.name()).isEqualTo("TOKEN"));
  }

  @Test
  void theRestApiAnswersARefusalWith403NamingTheRule() throws Exception {
    String secret = token(new TokenLimits(Set.of("alpha"), Set.of(), null, null, null, null));
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(console.base + "/api/v1/facility/central/submit"))
                    .header("Authorization", "Bearer " + secret)
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"fileName\": \"t.sh\", \"script\": \"#!/bin/sh\\n\", \"job\":"
                                + " {\"cluster\": \"beta\", \"gpus\": 1, \"nodes\": 1}}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(answer.statusCode()).isEqualTo(403);
    assertThat(answer.body()).contains("rule clusters");
    assertThat(recorded()).isZero();
  }
}
