package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.MovingClock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST API over real HTTP, on a real console with real stores. */
class ConsoleApiTest {
  private static final String FLEET = "/api/v1/facility/fleet";
  private static final String CENTRAL = "/api/v1/facility/central";
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;
  private ConsoleFixture console;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha", "beta");
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private HttpResponse<String> get(String path, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(console.base + path)).GET();
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String token, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Sends a body over the limit. The server may answer 413 and close before the client has sent it
   * all (HTTP allows that); the client then sometimes sees the connection reset instead of the
   * answer, so a reset is tried again, a few times: the answer, once read, must be the 413.
   */
  private static HttpResponse<String> oversized(
      java.util.concurrent.Callable<HttpResponse<String>> send) throws Exception {
    IOException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        return send.call();
      } catch (IOException e) {
        last = e;
      }
    }
    throw last;
  }

  private static JsonNode json(HttpResponse<String> r) throws IOException {
    return JSON.readTree(r.body());
  }

  @Test
  void withoutCredentialsTheApiAnswers401AsJson() throws Exception {
    HttpResponse<String> r = get(FLEET, null);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(json(r).at("/error/kind").asText()).isEqualTo("UNAUTHENTICATED");
    assertThat(json(r).at("/error/hint").asText()).contains("Bearer");
  }

  @Test
  void listAndOneClusterHaveTheClisShapes() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    JsonNode list = json(get(FLEET, token));
    assertThat(list.get("clusters")).hasSize(2);
    JsonNode alpha = list.get("clusters").get(0);
    assertThat(alpha.get("name").asText()).isEqualTo("alpha");
    assertThat(alpha.get("state").asText()).isEqualTo("PENDING");
    assertThat(fieldNames(alpha)).contains("schedulable", "requestedBy", "capabilities", "pinned");
    assertThat(json(get(FLEET + "/beta", token)).get("name").asText()).isEqualTo("beta");
    assertThat(json(get(FLEET + "/capacity", token)).has("clusters")).isTrue();
    assertThat(json(get(FLEET + "/audit", token)).get("events")).isNotEmpty();
    assertThat(json(get(FLEET + "/jobs", token)).has("jobs")).isTrue();
  }

  @Test
  void theFleetIsGzippedOnceForThoseWhoAcceptItAndSentAsItIsToOthers() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    HttpResponse<byte[]> plain = getBytes(FLEET, token, "br;q=1, gzip;q=0");
    assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(plain.headers().firstValue("Vary")).hasValue("Accept-Encoding");
    assertThat(plain.body().length).isGreaterThan(SharedBody.MIN_SIZE_TO_COMPRESS);
    HttpResponse<byte[]> first = getBytes(FLEET, token, "gzip, deflate");
    HttpResponse<byte[]> second = getBytes(FLEET, token, "gzip");
    assertThat(first.headers().firstValue("Content-Encoding")).hasValue("gzip");
    assertThat(first.headers().firstValue("Vary")).hasValue("Accept-Encoding");
    assertThat(first.body().length).isLessThan(plain.body().length);
    try (var in =
        new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(first.body()))) {
      assertThat(in.readAllBytes()).isEqualTo(plain.body());
    }
    // the same view: compressed once, the same bytes
    assertThat(second.body()).isEqualTo(first.body());
    HttpResponse<byte[]> none = getBytes(FLEET, token, null);
    assertThat(none.headers().firstValue("Content-Encoding")).isEmpty();
    assertThat(none.body()).isEqualTo(plain.body());
  }

  private HttpResponse<byte[]> getBytes(String path, String token, String acceptEncoding)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Authorization", "Bearer " + token);
    if (acceptEncoding != null) {
      b.header("Accept-Encoding", acceptEncoding);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
  }

  @Test
  void theReadsHaveTheShapesDocumentedForTheClisJson() throws Exception {
    console
        .fleet
        .governance()
        .approve(ConsoleFixture.SETUP, new io.examlops.fleet.governance.ApproveRequest("alpha"));
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    var shapes = io.examlops.fleet.cli.DocumentedShapes.cliReference();
    shapes.assertMatches("hpc clusters", get(FLEET, token).body());
    shapes.assertMatches("hpc capacity", get(FLEET + "/capacity", token).body());
    shapes.assertMatches("hpc audit", get(FLEET + "/audit", token).body());
    shapes.assertMatches("hpc jobs", get(FLEET + "/jobs", token).body());
    shapes.assertMatches("hpc place", get(FLEET + "/place?gpus=1", token).body());
    shapes.assertMatches("hpc nodes", get(FLEET + "/alpha/nodes", token).body());
    assertThat(json(get(FLEET + "/alpha/nodes", token)).get("nodes")).hasSize(1);
  }

  @Test
  void theQueueIsReadFromTheLastRefreshWithItsAgeAndPendingReasons() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    ConsoleFixture.approveUnreachableSlurm(dir, console.env, console.fleet, "far");
    JsonNode none = json(get(FLEET + "/far/queue", token));
    assertThat(none.get("takenAt").isNull()).as(none.toString()).isTrue();
    assertThat(none.get("jobs")).isEmpty();

    console.recordQueue(
        "far", List.of(), QueueRead.of(List.of(ConsoleFixture.waiting("77", "later"))));
    HttpResponse<String> r = get(FLEET + "/far/queue", token);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    io.examlops.fleet.cli.DocumentedShapes.apiReference().assertMatches("queue", r.body());
    JsonNode recorded = json(r);
    assertThat(recorded.get("snapshotId").asLong()).isPositive();
    assertThat(recorded.get("takenAt").asText()).isNotEmpty();
    assertThat(recorded.at("/jobs/0/reason").asText()).isEqualTo("BeginTime");
    assertThat(recorded.at("/jobs/0/state").asText()).isEqualTo("pending");

    console.recordQueue("far", List.of(), QueueRead.failed("squeue: slurmctld is down"));
    JsonNode failed = json(get(FLEET + "/far/queue", token));
    assertThat(failed.get("failure").asText()).isEqualTo("squeue: slurmctld is down");
    assertThat(failed.get("jobs")).isEmpty();

    JsonNode live = json(get(FLEET + "/alpha/queue", token));
    assertThat(live.get("snapshotId").isNull()).as("the mock's queue is read live").isTrue();
    assertThat(live.get("takenAt").isNull()).isFalse();
    assertThat(get(FLEET + "/gamma/queue", token).statusCode()).isEqualTo(404);
  }

  @Test
  void unknownClusterBadNameAndBadParametersAreClearErrors() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    HttpResponse<String> unknown = get(FLEET + "/gamma", token);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(json(unknown).at("/error/message").asText()).contains("'gamma'");
    HttpResponse<String> badName = get(FLEET + "/Bad%3Cb%3E", token);
    assertThat(badName.statusCode()).isEqualTo(400);
    assertThat(json(badName).at("/error/message").asText())
        .contains("invalid cluster name")
        .contains(io.examlops.fleet.model.ClusterName.RULE);
    HttpResponse<String> badGpus = get(FLEET + "/place?gpus=many", token);
    assertThat(badGpus.statusCode()).isEqualTo(400);
    assertThat(json(badGpus).at("/error/message").asText())
        .isEqualTo("query parameter gpus='many' is not a whole number from 0 to 1000000");
    // Past an int is out of range too, in the same words (not a 500).
    HttpResponse<String> hugeNodes = get(FLEET + "/place?gpus=1&nodes=3000000000", token);
    assertThat(hugeNodes.statusCode()).isEqualTo(400);
    assertThat(json(hugeNodes).at("/error/message").asText())
        .isEqualTo("query parameter nodes='3000000000' is not a whole number from 0 to 1000000");
    HttpResponse<String> badOffset = get(FLEET + "/jobs?offset=-1", token);
    assertThat(badOffset.statusCode()).isEqualTo(400);
    assertThat(json(badOffset).at("/error/message").asText())
        .isEqualTo("query parameter offset='-1' is not a whole number from 0 to " + Long.MAX_VALUE);
    assertThat(get(FLEET + "/place", token).statusCode()).isEqualTo(400);
    assertThat(get(FLEET + "/utilization?range=year", token).statusCode()).isEqualTo(400);
    assertThat(get(FLEET + "/jobs?state=sleeping", token).statusCode()).isEqualTo(400);
  }

  /** Every refusal under /api has the one shape, whoever made it: a handler, Javalin or Jetty. */
  private static void assertRefusal(
      int status, String kind, int gotStatus, String contentType, String body) throws IOException {
    assertThat(gotStatus).as(body).isEqualTo(status);
    assertThat(contentType).as(body).startsWith("application/json");
    JsonNode error = JSON.readTree(body).get("error");
    assertThat(error).as(body).isNotNull();
    assertThat(fieldNames(error)).containsExactly("hint", "kind", "message", "status");
    assertThat(error.get("kind").asText()).isEqualTo(kind);
    assertThat(error.get("status").asInt()).isEqualTo(status);
    assertThat(error.get("message").asText()).isNotBlank();
    assertThat(error.get("hint").asText()).isNotBlank();
  }

  private static void assertRefusal(int status, String kind, HttpResponse<String> r)
      throws IOException {
    assertRefusal(
        status, kind, r.statusCode(), r.headers().firstValue("Content-Type").orElse(""), r.body());
  }

  /** Sends {@code request} as it is, for what an HTTP client would not send; returns the answer. */
  private String[] raw(String request) throws IOException {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", console.server.port())) {
      socket
          .getOutputStream()
          .write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      String answer =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
      int end = answer.indexOf("\r\n\r\n");
      String head = answer.substring(0, end);
      java.util.regex.Matcher type =
          java.util.regex.Pattern.compile("(?im)^content-type: *(.*)$").matcher(head);
      return new String[] {
        head.substring(9, 12), type.find() ? type.group(1).strip() : "", answer.substring(end + 4)
      };
    }
  }

  private void assertRawRefusal(int status, String kind, String request) throws IOException {
    String[] answer = raw(request);
    assertRefusal(status, kind, Integer.parseInt(answer[0]), answer[1], answer[2]);
  }

  @Test
  void everyRefusalUnderTheApiHasTheOneJsonShapeAndChangesNothing() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ);
    String big = "{\"reason\": \"" + "x".repeat(100_000) + "\"}";
    assertRefusal(413, "TOO_LARGE", oversized(() -> post(FLEET + "/beta/reject", token, big)));
    // Without a length up front (chunked), the body is cut off at the limit as it is read.
    HttpResponse<String> chunked =
        oversized(
            () ->
                http.send(
                    HttpRequest.newBuilder(URI.create(console.base + FLEET + "/beta/reject"))
                        .header("Authorization", "Bearer " + token)
                        .header("Content-Type", "application/json")
                        .POST(
                            HttpRequest.BodyPublishers.ofInputStream(
                                () -> new java.io.ByteArrayInputStream(big.getBytes())))
                        .build(),
                    HttpResponse.BodyHandlers.ofString()));
    assertRefusal(413, "TOO_LARGE", chunked);
    assertThat(state("beta")).isEqualTo(ClusterState.PENDING);

    HttpResponse<String> delete =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + FLEET + "/alpha"))
                .header("Authorization", "Bearer " + token)
                .DELETE()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertRefusal(405, "METHOD_NOT_ALLOWED", delete);
    assertThat(state("alpha")).isEqualTo(ClusterState.PENDING);

    assertRefusal(404, "NOT_FOUND", get(FLEET + "/alpha/nowhere", token));
    assertRefusal(404, "UNKNOWN_CLUSTER", get(FLEET + "/gamma/queue", token));
    assertRefusal(400, "INVALID_REQUEST", get(FLEET + "/place?gpus=-1", token));
    assertRefusal(401, "UNAUTHENTICATED", get(FLEET, "exa_nonsense"));
    assertRefusal(
        403,
        "FORBIDDEN",
        post(FLEET + "/alpha/approve", console.token(ConsoleFixture.VIEWER, TokenScope.READ), ""));

    String auth = "Authorization: Bearer " + token + "\r\n";
    assertRawRefusal(
        431,
        "TOO_LARGE",
        "GET "
            + FLEET
            + " HTTP/1.1\r\nHost: x\r\n"
            + auth
            + "X-Big: "
            + "y".repeat(20_000)
            + "\r\nConnection: close\r\n\r\n");
    assertRawRefusal(
        414,
        "TOO_LARGE",
        "GET "
            + FLEET
            + "?q="
            + "z".repeat(20_000)
            + " HTTP/1.1\r\nHost: x\r\n"
            + auth
            + "Connection: close\r\n\r\n");
    assertRawRefusal(
        400,
        "INVALID_REQUEST",
        "GET " + FLEET + "/%zz HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n");
    // A line that is no request line: Jetty's parser answers 400 where it finds a space in the
    // version, and 505 ("Unknown Version") where it reads "AT ALL" whole as one, which it did once
    // in a full run of .ci/run. Either is a refusal in the one shape.
    String[] garbage = raw("NOT HTTP AT ALL\r\n\r\n");
    assertThat(garbage[0]).isIn("400", "505");
    assertRefusal(
        Integer.parseInt(garbage[0]),
        "INVALID_REQUEST",
        Integer.parseInt(garbage[0]),
        garbage[1],
        garbage[2]);
  }

  /** One reader reads every JSON body: one nested past its limit is a 400, never a 500. */
  @Test
  void aBodyNestedTooDeeplyIsRefusedInTheOneShapeByEveryRouteThatReadsOne() throws Exception {
    String token =
        console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ, TokenScope.SUBMIT);
    String deep = "[".repeat(5_000);
    for (String path :
        List.of(
            FLEET + "/beta/reject",
            CENTRAL + "/submit",
            CENTRAL + "/pipeline-run",
            CENTRAL + "/place",
            CENTRAL + "/preflight")) {
      HttpResponse<String> r = post(path, token, deep);
      assertRefusal(400, "INVALID_REQUEST", r);
      assertThat(json(r).at("/error/message").asText()).as(path).contains("nested deeper than");
    }
    assertThat(state("beta")).isEqualTo(ClusterState.PENDING);
    assertThat(
            console
                .fleet
                .jobs()
                .list(ConsoleFixture.SETUP, new JobsRequest(null, null, null, ReadFrom.STORE))
                .jobs())
        .isEmpty();
  }

  /**
   * Who may use what, as before each route declared it: a token has only its scopes, whatever its
   * owner's role; a GET needs the read scope; an unknown path tells a stranger nothing.
   */
  @Test
  void eachScopeReachesOnlyItsRoutesAndStrangersOnlyThePublicOnes() throws Exception {
    String adminOnly = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN);
    String submitOnly = console.token(ConsoleFixture.ADMIN, TokenScope.SUBMIT);
    String read = console.token(ConsoleFixture.ADMIN, TokenScope.READ);

    assertRefusal(403, "FORBIDDEN", get(FLEET, adminOnly));
    assertRefusal(403, "FORBIDDEN", get("/metrics", adminOnly));
    assertThat(get("/admin/access", adminOnly).statusCode()).isEqualTo(403);
    assertThat(get("/admin/access", read).statusCode()).isEqualTo(403);
    assertRefusal(403, "FORBIDDEN", get(CENTRAL + "/jobs", submitOnly));
    assertRefusal(403, "FORBIDDEN", post(FLEET + "/alpha/approve", submitOnly, ""));
    assertRefusal(403, "FORBIDDEN", post(FLEET + "/alpha/refresh", read, ""));
    assertRefusal(403, "FORBIDDEN", post(CENTRAL + "/submit", read, "{}"));
    assertRefusal(403, "FORBIDDEN", post(CENTRAL + "/jobs/%231/cancel", read, ""));
    assertThat(state("alpha")).isEqualTo(ClusterState.PENDING);
    assertThat(post(FLEET + "/alpha/approve", adminOnly, "").statusCode()).isEqualTo(200);

    assertRefusal(401, "UNAUTHENTICATED", get(FLEET + "/nowhere/at/all", null));
    assertRefusal(401, "UNAUTHENTICATED", post(FLEET + "/beta/reject", null, "{}"));
    assertRefusal(401, "UNAUTHENTICATED", post(CENTRAL + "/submit", null, "{}"));
    HttpResponse<String> delete =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + FLEET + "/beta")).DELETE().build(),
            HttpResponse.BodyHandlers.ofString());
    assertRefusal(401, "UNAUTHENTICATED", delete);
    HttpResponse<String> page = get("/no-such-page", null);
    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow())
        .as("to sign in, then back")
        .endsWith("/login?next=%2Fno-such-page");
    assertThat(get("/healthz", null).statusCode()).isEqualTo(200);
    assertThat(get("/login", null).statusCode()).isEqualTo(200);
    assertThat(get("/static/console.css", null).statusCode()).isEqualTo(200);
    assertThat(state("beta")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void anUnknownClusterIsRefusedInTheCoresWordsAsTheCliSaysIt() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ);
    String core =
        catchThrowableOfType(
                io.examlops.fleet.model.FleetException.class,
                () ->
                    console
                        .fleet
                        .governance()
                        .approve(
                            ConsoleFixture.SETUP,
                            new io.examlops.fleet.governance.ApproveRequest("gamma")))
            .getMessage();
    for (HttpResponse<String> r :
        List.of(
            get(FLEET + "/gamma", token),
            get(FLEET + "/gamma/nodes", token),
            get(FLEET + "/gamma/audit", token),
            post(FLEET + "/gamma/approve", token, ""),
            post(FLEET + "/gamma/refresh", token, ""))) {
      assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
      assertThat(json(r).at("/error/kind").asText()).isEqualTo("UNKNOWN_CLUSTER");
      assertThat(json(r).at("/error/message").asText()).isEqualTo(core);
    }
  }

  @Test
  void refreshIsRefusedWithTheGatesOwnVerdictAndHint() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ);
    var alpha =
        console.fleet.governance().clusters().clusters().stream()
            .filter(c -> c.name().equals("alpha"))
            .findFirst()
            .orElseThrow();
    HttpResponse<String> r = post(FLEET + "/alpha/refresh", token, "");
    assertRefusal(409, "NOT_APPROVED", r);
    assertThat(json(r).at("/error/message").asText()).isEqualTo(alpha.notSchedulableBecause());
    assertThat(json(r).at("/error/hint").asText())
        .isEqualTo(ApiErrors.words(alpha.notSchedulableHint()));
  }

  @Test
  void anExpiredOrUnknownSessionIsAClearAnswer() throws Exception {
    HttpResponse<String> api =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + FLEET))
                .header("Cookie", ConsoleServer.SESSION_COOKIE + "=gone")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertRefusal(401, "UNAUTHENTICATED", api);
    assertThat(json(api).at("/error/message").asText()).contains("session expired");
    HttpResponse<String> page =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + "/clusters/alpha"))
                .header("Cookie", ConsoleServer.SESSION_COOKIE + "=gone")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow())
        .endsWith("/login?expired&next=%2Fclusters%2Falpha");
  }

  @Test
  void aReadTokenMayNotApproveAndNothingChanges() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    HttpResponse<String> r = post(FLEET + "/alpha/approve", token, "{}");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(json(r).at("/error/kind").asText()).isEqualTo("FORBIDDEN");
    assertThat(state("alpha")).isEqualTo(ClusterState.PENDING);
    // Refused, and on the trail: who, from where, what and why, with the token (never its secret).
    JsonNode event = json(get(FLEET + "/audit?action=refused", token)).at("/events/0");
    assertThat(event.get("actor").asText()).isEqualTo(ConsoleFixture.VIEWER);
    assertThat(event.get("surface").asText()).isEqualTo("console");
    assertThat(event.at("/details/from").asText()).isEqualTo("127.0.0.1");
    assertThat(event.at("/details/what").asText()).isEqualTo("POST " + FLEET + "/alpha/approve");
    assertThat(event.at("/details/why").asText()).isEqualTo("scope");
    assertThat(event.at("/details/token").asText()).startsWith("'");
    assertThat(event.toString()).doesNotContain(token);
  }

  @Test
  void anAdminTokenApprovesAndTheAuditNamesTheUserAndTheConsole() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ);
    HttpResponse<String> r = post(FLEET + "/alpha/approve", token, "");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(json(r).get("state").asText()).isEqualTo("ACTIVE");
    assertThat(json(r).get("approvedBy").asText()).isEqualTo("ann");
    assertThat(state("alpha")).isEqualTo(ClusterState.ACTIVE);
    var events =
        console
            .fleet
            .governance()
            .audit(new io.examlops.fleet.governance.AuditRequest("alpha"))
            .events();
    assertThat(events.get(events.size() - 1).actor()).isEqualTo("ann");
    assertThat(events.get(events.size() - 1).surface()).isEqualTo("console");
    // The CLI's view (the same stores) sees it at once.
    assertThat(json(get(FLEET + "/alpha", token)).get("state").asText()).isEqualTo("ACTIVE");
  }

  @Test
  void rejectNeedsAReasonAndBadBodiesAreRefusedWithWhere() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN, TokenScope.READ);
    HttpResponse<String> none = post(FLEET + "/beta/reject", token, "{}");
    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(json(none).at("/error/message").asText()).contains("a reason is required");
    HttpResponse<String> bad = post(FLEET + "/beta/reject", token, "{\"reason\": ");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(json(bad).at("/error/message").asText())
        .contains("the body is not JSON")
        .contains("line 1");
    // issue 34: a BOM or a comment showed the parser's own words (its features, code points)
    Map<String, String> notJson =
        Map.of(
            "\ufeff{\"reason\": \"r\"}", "the body is not JSON: it starts with a byte-order mark",
            "{\"reason\": \"r\" /* why */}", "the body is not JSON: a comment at line 1, column",
            "{'reason': 'r'}", "a field name not in double quotes at line 1, column 2");
    for (var body : notJson.entrySet()) {
      HttpResponse<String> refused = post(FLEET + "/beta/reject", token, body.getKey());
      assertThat(refused.statusCode()).isEqualTo(400);
      assertThat(json(refused).at("/error/message").asText())
          .as(body.getKey())
          .contains(body.getValue())
          .doesNotContain("Feature")
          .doesNotContain("ALLOW_")
          .doesNotContain("code ")
          .doesNotContain("Unexpected character");
    }
    HttpResponse<String> wrongType = post(FLEET + "/beta/reject", token, "{\"reason\": 3}");
    assertThat(wrongType.statusCode()).isEqualTo(400);
    HttpResponse<String> huge =
        oversized(
            () ->
                post(
                    FLEET + "/beta/reject",
                    token,
                    "{\"reason\": \"" + "x".repeat(100_000) + "\"}"));
    assertThat(huge.statusCode()).isEqualTo(413);
    assertThat(state("beta")).isEqualTo(ClusterState.PENDING);
    HttpResponse<String> ok = post(FLEET + "/beta/reject", token, "{\"reason\": \"wrong site\"}");
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(json(ok).get("reason").asText()).isEqualTo("wrong site");
    assertThat(state("beta")).isEqualTo(ClusterState.REJECTED);
  }

  @Test
  void aRevokedTokenIsRefusedAndItsLastUseWasRecorded() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    assertThat(get(FLEET, token).statusCode()).isEqualTo(200);
    var listed = console.fleet.access().tokens().get(0);
    assertThat(listed.lastUsedAt()).isNotNull();
    console.fleet.access().revokeToken(ConsoleFixture.SETUP, listed.id());
    HttpResponse<String> r = get(FLEET, token);
    assertThat(r.statusCode()).isEqualTo(401);
    assertThat(json(r).at("/error/message").asText()).contains("revoked");
    assertThat(get(FLEET, "exa_nonsense").statusCode()).isEqualTo(401);
    // The revoked token is named by its owner and name; a secret no token has, as unknown.
    assertThat(console.refused())
        .extracting(
            e -> e.actor() + " " + e.details().get("why").asText() + " " + e.details().get("token"))
        .containsExactly(
            ConsoleFixture.VIEWER + " bad-token \"" + listed.acting().words() + "\"",
            "(unknown token) bad-token null");
    assertThat(console.refused().toString()).doesNotContain(token).doesNotContain("exa_nonsense");
  }

  @Test
  void aSessionPostWithoutItsCsrfTokenIsRefused() throws Exception {
    String cookie = signIn(ConsoleFixture.ADMIN);
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + FLEET + "/alpha/approve"))
                .header("Cookie", cookie)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(json(r).at("/error/message").asText()).contains("CSRF");
    assertThat(json(r).at("/error/hint").asText()).contains("reload").doesNotContain("role");
    assertThat(state("alpha")).isEqualTo(ClusterState.PENDING);
    assertThat(console.refused())
        .extracting(e -> e.actor() + " " + e.details().get("why").asText())
        .containsExactly(ConsoleFixture.ADMIN + " csrf");
  }

  /**
   * A name against the rule is a 400 in the rule's words, and a cluster that does not exist a 404,
   * the same on the pages and on every endpoint, in the path or in {@code ?cluster=}.
   */
  @Test
  void aBadNameAndAnUnknownClusterGetOneStatusOnPagesAndInTheApi() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String cookie = signIn(ConsoleFixture.VIEWER);
    String rule = io.examlops.fleet.model.ClusterName.RULE;
    HttpResponse<String> page = page("/clusters/Bad%20Name", cookie);
    assertThat(page.statusCode()).isEqualTo(400);
    assertThat(page.body()).contains("invalid cluster name").contains("Bad Name");
    for (String path :
        List.of(
            FLEET + "/Bad%20Name",
            FLEET + "/Bad%20Name/nodes",
            FLEET + "/Bad%20Name/audit",
            FLEET + "/jobs?cluster=Bad%20Name",
            FLEET + "/utilization?cluster=Bad%20Name",
            FLEET + "/audit?cluster=Bad%20Name")) {
      HttpResponse<String> r = get(path, token);
      assertThat(r.statusCode()).as(path).isEqualTo(400);
      assertThat(json(r).at("/error/message").asText())
          .as(path)
          .startsWith("invalid cluster name 'Bad Name'")
          .contains(rule);
    }
    assertThat(page("/clusters/nope", cookie).statusCode()).isEqualTo(404);
    for (String path :
        List.of(
            FLEET + "/nope",
            FLEET + "/nope/audit",
            FLEET + "/jobs?cluster=nope",
            FLEET + "/utilization?cluster=nope",
            FLEET + "/audit?cluster=nope")) {
      HttpResponse<String> r = get(path, token);
      assertThat(r.statusCode()).as(path).isEqualTo(404);
      assertThat(json(r).at("/error/kind").asText()).as(path).isEqualTo("UNKNOWN_CLUSTER");
    }
    assertThat(get(FLEET + "/jobs?cluster=alpha", token).statusCode()).isEqualTo(200);
    assertThat(get(FLEET + "/utilization?cluster=alpha", token).statusCode()).isEqualTo(200);
    assertThat(get(FLEET + "/audit?cluster=alpha", token).statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> page(String path, String cookie) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Cookie", cookie)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void sessionCookiesAreHttpOnlyAndStrict() throws Exception {
    HttpResponse<String> r = login(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    assertThat(r.statusCode()).isEqualTo(303);
    assertThat(r.headers().firstValue("Set-Cookie").orElseThrow())
        .contains("HttpOnly")
        .contains("SameSite=Strict")
        .doesNotContain("Secure");
  }

  @Test
  void failedSignInsSlowThatUserAtThatAddressOnly() throws Exception {
    // The delays pass on the console's clock, moved by the test: a minute's worth of them would
    // otherwise be waited out for real.
    MovingClock clock = new MovingClock(Instant.now());
    console.close();
    console =
        new ConsoleFixture(
            Files.createDirectories(dir.resolve("moving-clock")), clock, "alpha", "beta");
    // Enough failures that the next delay is the longest (a minute), each try after the delay
    // before it: every one is a wrong password, none is refused for coming too soon.
    int failures = 0;
    while (SignInDelays.delayAfter(failures).compareTo(SignInDelays.MAX_DELAY) < 0) {
      clock.advance(SignInDelays.delayAfter(failures));
      HttpResponse<String> r = login(ConsoleFixture.VIEWER, "wrong password!");
      assertThat(r.statusCode()).as(r.body()).isEqualTo(401);
      failures++;
    }
    HttpResponse<String> slowed = login(ConsoleFixture.VIEWER, ConsoleFixture.PASSWORD);
    assertThat(slowed.statusCode()).isEqualTo(429);
    assertThat(slowed.body()).contains("wait");
    assertThat(login(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD).statusCode())
        .as("another user behind the same address is not slowed")
        .isEqualTo(303);
    // On the trail: one event per kind of refusal, counting them; the password typed never.
    var trail = console.refused();
    assertThat(trail)
        .extracting(e -> e.actor() + " " + e.details().get("why").asText())
        .containsExactly(
            ConsoleFixture.VIEWER + " wrong-password", ConsoleFixture.VIEWER + " sign-in-delay");
    assertThat(trail.get(0).details().get("count").asInt()).isEqualTo(failures);
    assertThat(trail.get(0).details().get("what").asText()).isEqualTo("sign-in");
    assertThat(trail.get(0).details().get("from").asText()).isEqualTo("127.0.0.1");
    assertThat(trail.toString()).doesNotContain("wrong password!");
  }

  @Test
  void metricsAreInPrometheusTextFormat() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    HttpResponse<String> r = get("/metrics", token);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain");
    assertThat(r.body())
        .contains("# TYPE exa_gpus_total gauge")
        .contains("exa_cluster_state{cluster=\"alpha\",state=\"PENDING\",schedulable=\"false\"} 1")
        .contains("exa_nodes{cluster=\"alpha\",state=\"idle\"} 1");
  }

  @Test
  void theOpenApiDocumentListsExactlyTheRoutes() throws Exception {
    JsonNode doc = json(get("/api/v1/openapi.json", null));
    Set<String> documented = new TreeSet<>();
    for (Iterator<String> p = doc.get("paths").fieldNames(); p.hasNext(); ) {
      String path = p.next();
      doc.get("paths")
          .get(path)
          .fieldNames()
          .forEachRemaining(m -> documented.add(m.toUpperCase() + " " + path));
    }
    Set<String> routed = new TreeSet<>();
    for (var e : console.server.app().unsafe.internalRouter.allHttpHandlers()) {
      String path = e.endpoint.path;
      if (path.startsWith("/api/") || path.equals("/metrics")) {
        routed.add(e.endpoint.method.name() + " " + path);
      }
    }
    assertThat(routed).isNotEmpty();
    assertThat(documented).isEqualTo(routed);
  }

  /**
   * Every route declares what it needs; a GET reads; only sign-in, the health check and the API's
   * description are anyone's; the API's routes need the scopes its OpenAPI document names.
   */
  @Test
  void everyRouteDeclaresWhatItNeedsAndTheApiDocumentSaysTheSame() throws Exception {
    JsonNode paths = json(get("/api/v1/openapi.json", null)).get("paths");
    Set<String> anyones = new TreeSet<>();
    for (var e : console.server.app().unsafe.internalRouter.allHttpHandlers()) {
      if (!e.endpoint.method.isHttpMethod()) {
        continue; // the guard itself (beforeMatched)
      }
      String route = e.endpoint.method.name() + " " + e.endpoint.path;
      Set<Needs> needs =
          Needs.declaredBy(e.endpoint.metadata(io.javalin.security.Roles.class).getRoles());
      if (needs.contains(Needs.ANYONE)) {
        anyones.add(route);
      } else if (e.endpoint.method == io.javalin.http.HandlerType.GET
          && !needs.equals(EnumSet.of(Needs.SESSION))) {
        // Only choosing one's own password is a session's without reading (a one-time password).
        assertThat(needs).as(route).contains(Needs.READ);
      }
      JsonNode documented =
          paths.path(e.endpoint.path).path(e.endpoint.method.name().toLowerCase());
      if (!documented.isMissingNode()) {
        Set<String> scopes = new TreeSet<>();
        documented
            .get("security")
            .forEach(s -> s.path("bearer").forEach(scope -> scopes.add(scope.asText())));
        Set<String> declared = new TreeSet<>();
        needs.stream().filter(n -> n.scope() != null).forEach(n -> declared.add(n.scope().label()));
        assertThat(declared).as(route).isEqualTo(scopes);
      }
    }
    assertThat(anyones)
        .containsExactlyInAnyOrder(
            "GET /login", "POST /login", "GET /healthz", "GET /api/v1/openapi.json");
  }

  private ClusterState state(String name) {
    return console.state(name);
  }

  private HttpResponse<String> login(String user, String password) throws Exception {
    return ConsoleFixture.signIn(http, console.base, user, password);
  }

  private String signIn(String user) throws Exception {
    return login(user, ConsoleFixture.PASSWORD).headers().allValues("Set-Cookie").stream()
        .filter(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "="))
        .findFirst()
        .orElseThrow()
        .split(";")[0];
  }

  private static Set<String> fieldNames(JsonNode node) {
    Set<String> names = new TreeSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
