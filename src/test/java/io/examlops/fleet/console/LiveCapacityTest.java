package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.Eventually;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console keeps capacity current by itself: a job submitted without waiting ends, and the
 * console's jobs, GPUs in use, GPU-hours, cost and utilization history follow with no CLI run, only
 * the refresher's rounds (driven here explicitly, each asked for and polled with a generous
 * deadline: nothing depends on how fast the machine is).
 */
class LiveCapacityTest {
  private static final String FLEET = "/api/v1/facility/fleet";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(90);

  @TempDir Path dir;
  private ConsoleFixture console;
  private String token;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha", "beta");
    token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void aJobThatEndsWithoutAnyCliRunFreesItsGpusInTheConsole() throws Exception {
    JsonNode before = get(FLEET + "/utilization?range=hour");
    assertThat(before.get("samples")).isEmpty();
    assertThat(before.get("noData").asText())
        .as("nothing to draw, and why")
        .startsWith("no data yet: no cluster is ACTIVE");

    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
    Path go = dir.resolve("go");
    String script = "#!/bin/sh\nwhile [ ! -e '" + go + "' ]; do sleep 0.1; done\n";
    console
        .fleet
        .jobs()
        .submit(
            ConsoleFixture.SETUP,
            new SubmitRequest(
                ScriptSource.text("wait.sh", script), "live", JobOptions.on("alpha", 1)));

    JsonNode running = roundsUntil(c -> "running".equals(job(c).path("state").asText()));
    assertThat(alpha(running).get("gpusInUse").asInt()).isEqualTo(1);

    Files.createFile(go); // the job ends; nobody asks the CLI about it
    // The answer's capacity comes from the stored jobs, which may learn of the end between a
    // round's node read and its sample: wait for a round sampled after the end as well.
    JsonNode ended =
        roundsUntil(
            c ->
                "completed".equals(job(c).path("state").asText())
                    && alpha(c).get("gpusInUse").asInt() == 0
                    && lastSampleInUse(c) == 0);
    JsonNode capacity = ended.get("capacity");
    assertThat(capacity.get("idleGpus").asInt()).isEqualTo(4);
    assertThat(alpha(ended).at("/gpuHours/jobs").asInt()).isEqualTo(1);
    assertThat(alpha(ended).at("/gpuHours/unknownJobs").asInt()).isZero();
    assertThat(alpha(ended).get("cost").isNumber()).as("cost known once the job ended").isTrue();
    assertThat(capacity.get("currency").asText()).isEqualTo("USD");
    assertThat(job(ended).get("exitCode").asInt()).isZero();

    // Each round of the mock cluster (its nodes are read live) recorded a sample.
    HttpResponse<String> raw = send(FLEET + "/utilization?range=hour");
    DocumentedShapes.apiReference().assertMatches("utilization", raw.body());
    JsonNode history = JSON.readTree(raw.body());
    assertThat(history.get("noData").isNull()).isTrue();
    List<Integer> inUse = new ArrayList<>();
    history.get("samples").forEach(s -> inUse.add(s.get("gpusInUse").asInt()));
    assertThat(inUse).as("samples of alpha, oldest first").contains(1).endsWith(0);
    assertThat(history.get("samples"))
        .allSatisfy(s -> assertThat(s.get("cluster").asText()).isEqualTo("alpha"));
    JsonNode lastFleet = history.get("fleet").get(history.get("fleet").size() - 1);
    assertThat(lastFleet.get("gpusInUse").asInt()).isZero();
    assertThat(lastFleet.get("totalGpus").asInt()).isEqualTo(4);
    assertThat(lastFleet.get("clusters").asInt()).isEqualTo(1);
  }

  /**
   * Asks the refresher for rounds of alpha until what the console answers (its capacity, its stored
   * jobs and its utilization history, never a scheduler) satisfies {@code done}.
   */
  private JsonNode roundsUntil(Predicate<JsonNode> done) {
    AtomicReference<JsonNode> answer = new AtomicReference<>();
    Eventually.waitUntil(
        "the console's capacity, jobs and utilization as the test expects",
        DEADLINE,
        () -> {
          ObjectNode now = JSON.createObjectNode();
          now.set("capacity", get(FLEET + "/capacity"));
          now.set("jobs", get(FLEET + "/jobs"));
          now.set("utilization", get(FLEET + "/utilization?range=hour"));
          answer.set(now);
          if (done.test(now)) {
            return true;
          }
          console.server.refresher.refreshSoon("alpha");
          console.server.refresher.tick();
          return false;
        });
    return answer.get();
  }

  /** GPUs in use in the newest utilization sample; -1 while there is none. */
  private static int lastSampleInUse(JsonNode answer) {
    JsonNode samples = answer.at("/utilization/samples");
    return samples.isEmpty() ? -1 : samples.get(samples.size() - 1).get("gpusInUse").asInt();
  }

  private static JsonNode job(JsonNode answer) {
    return answer.at("/jobs/jobs/0");
  }

  private static JsonNode alpha(JsonNode answer) {
    for (JsonNode c : answer.at("/capacity/clusters")) {
      if (c.get("cluster").asText().equals("alpha")) {
        return c;
      }
    }
    throw new AssertionError("no capacity line of alpha: " + answer);
  }

  private JsonNode get(String path) {
    try {
      HttpResponse<String> r = send(path);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      return JSON.readTree(r.body());
    } catch (Exception e) {
      throw new AssertionError("GET " + path + ": " + e, e);
    }
  }

  private HttpResponse<String> send(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
