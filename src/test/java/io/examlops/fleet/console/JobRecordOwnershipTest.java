package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary.Audit;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The central job records over real HTTP, by who asks: the record's owner (the token's user that
 * created it), another submitter, a viewer's read-only token and an admin, each creating, updating,
 * completing and deleting. Only the owner and an admin change a record, states only move forward, a
 * job a scheduler accepted is never deleted, and each change is audited as the token's user through
 * the agent's surface.
 */
class JobRecordOwnershipTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String JOBS = "/api/v1/facility/central/jobs";
  private static final String OTHER = "sam";

  @TempDir Path dir;
  private ConsoleFixture console;
  private final HttpClient http = HttpClient.newHttpClient();
  private String owner;
  private String other;
  private String viewer;
  private String admin;

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
    console
        .fleet
        .access()
        .addUser(ConsoleFixture.SETUP, OTHER, Role.VIEWER, ConsoleFixture.PASSWORD.toCharArray());
    owner = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    other = console.token(OTHER, TokenScope.READ, TokenScope.SUBMIT);
    viewer = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    admin = console.token(ConsoleFixture.ADMIN, TokenScope.values());
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void creatingNeedsTheSubmitScopeAndRecordsTheTokensUserWhateverTheBodySays() throws Exception {
    assertThat(begin(viewer).statusCode()).isEqualTo(403);
    HttpResponse<String> created = begin(owner);
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(job(created).get("submittedBy").asText()).isEqualTo(ConsoleFixture.VIEWER);
    assertThat(begin(other).statusCode()).isEqualTo(201);
    assertThat(begin(admin).statusCode()).isEqualTo(201);
    assertThat(audit("submission-recorded"))
        .extracting(Audit::actor)
        .containsExactlyInAnyOrder(ConsoleFixture.VIEWER, OTHER, ConsoleFixture.ADMIN);
  }

  @Test
  void onlyTheOwnerOrAnAdminCompletesARecord() throws Exception {
    long id = id(begin(owner));

    assertRefused(
        send(other, "POST", JOBS + "/" + id + "/submitted", "{\"schedulerJobId\": \"7\"}"), 403);
    assertRefused(
        send(viewer, "POST", JOBS + "/" + id + "/submitted", "{\"schedulerJobId\": \"7\"}"), 403);
    HttpResponse<String> done =
        send(owner, "POST", JOBS + "/" + id + "/submitted", "{\"schedulerJobId\": \"7\"}");
    assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
    assertThat(job(done).get("state").asText()).isEqualTo("submitted");

    long second = id(begin(owner));
    HttpResponse<String> byAdmin =
        send(admin, "POST", JOBS + "/" + second + "/submitted", "{\"schedulerJobId\": \"8\"}");
    assertThat(byAdmin.statusCode()).as(byAdmin.body()).isEqualTo(200);
  }

  @Test
  void onlyTheOwnerOrAnAdminUpdatesARecordAndItsStateOnlyMovesForward() throws Exception {
    JsonNode submitted = submitted(owner, "7");
    long id = submitted.get("id").asLong();

    assertRefused(send(other, "PUT", JOBS + "/" + id, observed(submitted, "running")), 403);
    assertRefused(send(viewer, "PUT", JOBS + "/" + id, observed(submitted, "running")), 403);
    HttpResponse<String> running =
        send(owner, "PUT", JOBS + "/" + id, observed(submitted, "running"));
    assertThat(running.statusCode()).as(running.body()).isEqualTo(200);
    HttpResponse<String> ended =
        send(admin, "PUT", JOBS + "/" + id, observed(submitted, "completed"));
    assertThat(ended.statusCode()).as(ended.body()).isEqualTo(200);
    HttpResponse<String> back = send(owner, "PUT", JOBS + "/" + id, observed(submitted, "running"));
    assertRefused(back, 409);
    assertThat(back.body()).contains("only moves forward");
    assertThat(console.fleet.jobRecords().find(id).orElseThrow().state().label())
        .isEqualTo("completed");
    assertThat(audit("job-state"))
        .extracting(Audit::actor)
        .containsExactly(ConsoleFixture.VIEWER, ConsoleFixture.ADMIN);
  }

  @Test
  void valuesNoJobCanHaveAreRefused() throws Exception {
    JsonNode submitted = submitted(owner, "7");
    long id = submitted.get("id").asLong();
    for (String[] field :
        List.of(
            new String[] {"gpus", "2147483647"},
            new String[] {"gpus", "-1"},
            new String[] {"gpuHours", "1e300"},
            new String[] {"reason", "\"ok\\u001b[31m\""},
            new String[] {"reason", "\"\\u202etoor\""})) {
      String body =
          observed(submitted, "running").replace("\"gpus\":1", "\"" + field[0] + "\":" + field[1]);
      if (!field[0].equals("gpus")) {
        body =
            body.replace(
                "\"state\":\"running\"", "\"state\":\"running\",\"" + field[0] + "\":" + field[1]);
      }
      HttpResponse<String> refused = send(owner, "PUT", JOBS + "/" + id, body);
      assertThat(refused.statusCode())
          .as(field[0] + "=" + field[1] + ": " + refused.body())
          .isEqualTo(400);
      assertThat(refused.body()).doesNotContain("\u001b").doesNotContain("\u202e");
    }
    for (String name : List.of("a\\nb", "\\u001b[31mred", "x".repeat(10_000), "$(reboot)")) {
      HttpResponse<String> refused =
          send(
              owner,
              "POST",
              JOBS,
              "{\"job\": " + newJob().replace("\"ok\"", "\"" + name + "\"") + "}");
      assertThat(refused.statusCode()).as(name + ": " + refused.body()).isEqualTo(400);
    }
  }

  @Test
  void onlyTheOwnerOrAnAdminDeletesAndOnlyWhatNoSchedulerAccepted() throws Exception {
    long id = id(begin(owner));

    assertRefused(send(other, "DELETE", JOBS + "/" + id, null), 403);
    assertRefused(send(viewer, "DELETE", JOBS + "/" + id, null), 403);
    assertThat(send(owner, "DELETE", JOBS + "/" + id, null).statusCode()).isEqualTo(204);
    long byAdmin = id(begin(owner));
    assertThat(send(admin, "DELETE", JOBS + "/" + byAdmin, null).statusCode()).isEqualTo(204);

    long accepted = submitted(owner, "7").get("id").asLong();
    assertRefused(send(owner, "DELETE", JOBS + "/" + accepted, null), 409);
    assertRefused(send(admin, "DELETE", JOBS + "/" + accepted, null), 409);
    assertThat(console.fleet.jobRecords().find(accepted)).isPresent();
    assertThat(audit("submission-discarded"))
        .extracting(Audit::actor)
        .containsExactlyInAnyOrder(ConsoleFixture.VIEWER, ConsoleFixture.ADMIN);
  }

  private JsonNode submitted(String token, String schedulerJobId) throws Exception {
    long id = id(begin(token));
    HttpResponse<String> done =
        send(
            token,
            "POST",
            JOBS + "/" + id + "/submitted",
            "{\"schedulerJobId\": \"" + schedulerJobId + "\"}");
    assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
    return job(done);
  }

  private static String observed(JsonNode job, String state) {
    return "{\"job\":{\"id\":"
        + job.get("id").asLong()
        + ",\"cluster\":\"alpha\",\"schedulerJobId\":\""
        + job.get("schedulerJobId").asText()
        + "\",\"name\":\"ok\",\"gpus\":1,\"state\":\""
        + state
        + "\",\"submittedBy\":\"whoever\",\"submittedAt\":\""
        + job.get("submittedAt").asText()
        + "\"}}";
  }

  private static String newJob() {
    return "{\"id\": 0, \"cluster\": \"alpha\", \"name\": \"ok\", \"gpus\": 1,"
        + " \"state\": \"submitting\", \"submittedBy\": \"someone-else\","
        + " \"submittedAt\": \"2026-01-01T00:00:00.000Z\"}";
  }

  private HttpResponse<String> begin(String token) throws Exception {
    return send(token, "POST", JOBS, "{\"job\": " + newJob() + "}");
  }

  private static long id(HttpResponse<String> created) throws Exception {
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    return job(created).get("id").asLong();
  }

  private static JsonNode job(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body()).get("job");
  }

  private List<Audit> audit(String action) {
    return console.fleet.governance().audit(new AuditRequest("alpha")).events().stream()
        .filter(e -> e.action().equals(action))
        .toList();
  }

  private static void assertRefused(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode error = JSON.readTree(response.body()).get("error");
    assertThat(error.get("message").asText()).isNotBlank();
    assertThat(error.get("hint").isTextual()).as("a hint, never null").isTrue();
    if (status != 403 || !error.get("kind").asText().equals("FORBIDDEN")) {
      assertThat(error.get("message").asText()).contains("nothing was changed");
    }
  }

  private HttpResponse<String> send(String token, String method, String path, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Authorization", "Bearer " + token)
            .header("X-Examlops-Surface", "jenkins:train#7")
            .header("Content-Type", "application/json");
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
