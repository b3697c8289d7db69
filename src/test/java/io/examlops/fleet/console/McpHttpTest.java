package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.access.TokenScope;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MCP over Streamable HTTP at the console's /mcp, over real HTTP to a real console: who may use it
 * (tokens, scopes, origins), sessions (begun, required, bound to their token, ended) and the
 * protocol version header, and the two ways a request is answered (JSON, server-sent events).
 */
class McpHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ALLOWED_ORIGIN = "https://agents.example.org";
  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"http-test\",\"version\":\"1\"}}}";
  private static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
  private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  @TempDir Path dir;
  private ConsoleFixture console;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console =
        new ConsoleFixture(dir, new McpOptions(true, Set.of(ALLOWED_ORIGIN)), "demo", "spare");
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void withoutATokenTheAnswerIs401AndNamesTheBearerScheme() throws Exception {
    HttpResponse<String> refused = send(post(null, null, INITIALIZE));
    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
    JsonNode data = JSON.readTree(refused.body()).get("error").get("data");
    assertThat(data.get("kind").asText()).isEqualTo("UNAUTHENTICATED");
    assertThat(data.get("hint").asText())
        .contains("Authorization: Bearer")
        .doesNotContain("/login");
  }

  @Test
  void aTokenWithoutTheReadScopeIsRefused() throws Exception {
    String submitOnly = console.token(ConsoleFixture.VIEWER, TokenScope.SUBMIT);
    HttpResponse<String> refused = send(post(submitOnly, null, INITIALIZE));
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(refused.body()).contains("read scope");
  }

  @Test
  void aConsoleSessionCookieIsNoMcpClient() throws Exception {
    String cookie =
        ConsoleFixture.signIn(http, console.base, ConsoleFixture.VIEWER, ConsoleFixture.PASSWORD)
            .headers()
            .allValues("Set-Cookie")
            .stream()
            .filter(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "="))
            .findFirst()
            .orElseThrow()
            .split(";")[0];
    HttpResponse<String> refused =
        send(
            to(null, null)
                .header("Cookie", cookie)
                .header("Accept", "application/json, text/event-stream")
                .GET()
                .build());
    assertThat(refused.statusCode()).isEqualTo(401);
    assertThat(refused.body()).contains("API token");
  }

  @Test
  void aWebPageOfAnotherOriginIsRefusedBeforeAnythingElse() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    for (String origin : List.of("http://evil.example", "null", "http://127.0.0.1:1")) {
      HttpResponse<String> refused =
          send(withOrigin(post(token, null, INITIALIZE), origin).build());
      assertThat(refused.statusCode()).as(origin).isEqualTo(403);
      assertThat(refused.body()).as(origin).contains("--mcp-allow-origin");
    }
    // Not even who sent it is looked at: no token, and still 403.
    assertThat(send(withOrigin(post(null, null, INITIALIZE), "http://evil.example").build()))
        .extracting(HttpResponse::statusCode)
        .isEqualTo(403);
    HttpResponse<String> allowed =
        send(withOrigin(post(token, null, INITIALIZE), ALLOWED_ORIGIN + ":443").build());
    assertThat(allowed.statusCode()).isEqualTo(200);
  }

  @Test
  void aSessionBeginsAtInitializeAndIsNeededAfterIt() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    HttpResponse<String> init = send(post(token, null, INITIALIZE));
    assertThat(init.statusCode()).isEqualTo(200);
    assertThat(init.headers().firstValue("Content-Type"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
    JsonNode result = JSON.readTree(init.body()).get("result");
    assertThat(result.get("protocolVersion").asText()).isEqualTo("2025-11-25");
    assertThat(result.get("serverInfo").get("name").asText()).isEqualTo("exa");
    String session = init.headers().firstValue(McpRoutes.SESSION_HEADER).orElseThrow();
    assertThat(session).matches("[A-Za-z0-9_-]{20,}");

    HttpResponse<String> notified = send(post(token, session, INITIALIZED));
    assertThat(notified.statusCode()).isEqualTo(202);
    assertThat(notified.body()).isEmpty();

    HttpResponse<String> missing = send(post(token, null, LIST));
    assertThat(missing.statusCode()).isEqualTo(400);
    assertThat(missing.body()).contains(McpRoutes.SESSION_HEADER);
    HttpResponse<String> unknown = send(post(token, session + "x", LIST));
    assertThat(unknown.statusCode()).isEqualTo(404);
    String other = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    assertThat(send(post(other, session, LIST)).statusCode())
        .as("another token's session")
        .isEqualTo(404);

    HttpResponse<String> listed = send(post(token, session, LIST));
    assertThat(listed.statusCode()).isEqualTo(200);
    List<String> tools = toolNames(JSON.readTree(listed.body()));
    assertThat(tools).contains("hpc_clusters", "hpc_place").doesNotContain("hpc_approve_cluster");
  }

  @Test
  void aProtocolVersionOtherThanTheNegotiatedOneIs400() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String session = begin(token);
    for (String version : List.of("1999-01-01", "2025-03-26")) {
      HttpResponse<String> refused =
          send(
              postBuilder(token, session, LIST)
                  .header("Accept", "application/json, text/event-stream")
                  .header(McpRoutes.VERSION_HEADER, version)
                  .build());
      assertThat(refused.statusCode()).as(version).isEqualTo(400);
      assertThat(refused.body()).as(version).contains("2025-11-25");
    }
  }

  @Test
  void deleteEndsTheSessionAndGetOffersNoStream() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String session = begin(token);
    HttpResponse<String> get =
        send(to(token, session).header("Accept", "text/event-stream").GET().build());
    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(get.headers().firstValue("Allow")).hasValue("POST, DELETE");

    HttpResponse<String> deleted = send(to(token, session).DELETE().build());
    assertThat(deleted.statusCode()).isEqualTo(204);
    assertThat(send(post(token, session, LIST)).statusCode()).isEqualTo(404);
  }

  @Test
  void aClientThatTakesEventStreamsGetsTheAnswerAsOne() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String session = begin(token);
    HttpResponse<String> streamed =
        send(
            postBuilder(token, session, LIST)
                .header("Accept", "application/json, text/event-stream")
                .build());
    assertThat(streamed.statusCode()).isEqualTo(200);
    assertThat(streamed.headers().firstValue("Content-Type"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream"));
    List<JsonNode> events = new ArrayList<>();
    for (String line : streamed.body().split("\n")) {
      if (line.startsWith("data: ")) {
        events.add(JSON.readTree(line.substring(6)));
      }
    }
    assertThat(events).hasSize(1);
    assertThat(events.get(0).get("id").asInt()).isEqualTo(2);
    assertThat(toolNames(events.get(0))).contains("hpc_clusters");
  }

  /**
   * A request the client cancels gets no response (the specification's rule), so its stream ends
   * without one rather than waiting for a call nobody wants; the session goes on. The call is held
   * by a cluster whose SSH port accepts and never speaks, and cancelled once it has connected.
   */
  @Test
  void aCancelledRequestEndsItsStreamWithoutAResponse() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ConsoleFixture.approveSlurmAt(
          dir, console.env, console.fleet, "silent", silent.getLocalPort());
      String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
      String session = begin(token);
      String queue =
          "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"hpc_queue\",\"arguments\":{\"cluster\":\"silent\"}}}";
      CompletableFuture<HttpResponse<String>> pending =
          http.sendAsync(
              postBuilder(token, session, queue)
                  .header("Accept", "application/json, text/event-stream")
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      try (Socket held = silent.accept()) {
        HttpResponse<String> cancelled =
            send(
                post(
                    token,
                    session,
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\","
                        + "\"params\":{\"requestId\":7,\"reason\":\"not needed\"}}"));
        assertThat(cancelled.statusCode()).isEqualTo(202);
        HttpResponse<String> answer = pending.get(2, TimeUnit.MINUTES);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).doesNotContain("\"id\":7");
      }
      assertThat(send(post(token, session, LIST)).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void onlyAnAdminTokenGetsTheApprovalToolAndItsApprovalIsAuditedAsMcp() throws Exception {
    String reader = console.token(ConsoleFixture.ADMIN, TokenScope.READ);
    String readerSession = begin(reader);
    HttpResponse<String> refused = send(post(reader, readerSession, approve("spare")));
    JsonNode refusal = JSON.readTree(refused.body()).get("result");
    assertThat(refusal.get("isError").asBoolean()).isTrue();
    // issue 34: it was told the server runs without writes; the reason is the token's scope
    assertThat(refusal.get("content").get(0).get("text").asText())
        .startsWith("NOT_PERMITTED: hpc_approve_cluster changes the fleet, which needs the admin")
        .contains("scope")
        .contains("To fix: connect with a token")
        .doesNotContain("without writes enabled");
    assertThat(console.state("spare")).isEqualTo(ClusterState.PENDING);

    String admin = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    String session = begin(admin);
    assertThat(toolNames(JSON.readTree(send(post(admin, session, LIST)).body())))
        .contains("hpc_approve_cluster", "hpc_reject_cluster");
    HttpResponse<String> approved = send(post(admin, session, approve("spare")));
    JsonNode result = JSON.readTree(approved.body()).get("result");
    assertThat(result.get("isError").asBoolean()).as(approved.body()).isFalse();
    assertThat(console.state("spare")).isEqualTo(ClusterState.ACTIVE);
    var approval =
        console.fleet.governance().audit(new AuditRequest("spare")).events().stream()
            .filter(e -> e.action().equals("approve"))
            .findFirst()
            .orElseThrow();
    assertThat(approval.actor()).isEqualTo(ConsoleFixture.ADMIN);
    assertThat(approval.surface()).isEqualTo("mcp:http-test");
  }

  @Test
  void aConsoleWithoutMcpWritesOffersNoApprovalToolEvenToAnAdmin() throws Exception {
    console.close();
    console = new ConsoleFixture(dir.resolve("read-only"), "spare");
    String admin = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    String session = begin(admin);
    assertThat(toolNames(JSON.readTree(send(post(admin, session, LIST)).body())))
        .doesNotContain("hpc_approve_cluster");
    JsonNode refusal = JSON.readTree(send(post(admin, session, approve("spare"))).body());
    assertThat(refusal.get("result").get("content").get(0).get("text").asText())
        .startsWith("WRITES_DISABLED: ")
        .contains("exa console --mcp-allow-writes");
    assertThat(console.state("spare")).isEqualTo(ClusterState.PENDING);
  }

  private static String approve(String cluster) {
    return "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
        + "\"hpc_approve_cluster\",\"arguments\":{\"cluster\":\""
        + cluster
        + "\"}}}";
  }

  private static List<String> toolNames(JsonNode response) {
    List<String> names = new ArrayList<>();
    response.get("result").get("tools").forEach(t -> names.add(t.get("name").asText()));
    return names;
  }

  /** Initializes a session for {@code token}, as a client does; returns its id. */
  private String begin(String token) throws Exception {
    HttpResponse<String> init = send(post(token, null, INITIALIZE));
    assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
    String session = init.headers().firstValue(McpRoutes.SESSION_HEADER).orElseThrow();
    assertThat(send(post(token, session, INITIALIZED)).statusCode()).isEqualTo(202);
    return session;
  }

  private HttpRequest post(String token, String session, String body) {
    return postBuilder(token, session, body).header("Accept", "application/json").build();
  }

  private HttpRequest.Builder postBuilder(String token, String session, String body) {
    return to(token, session)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  /** A request to /mcp with this token and session id (each left out when {@code null}). */
  private HttpRequest.Builder to(String token, String session) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(console.base + "/mcp"));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (session != null) {
      request.header(McpRoutes.SESSION_HEADER, session);
    }
    return request;
  }

  private static HttpRequest.Builder withOrigin(HttpRequest request, String origin) {
    return HttpRequest.newBuilder(request, (n, v) -> true).header("Origin", origin);
  }

  private HttpResponse<String> send(HttpRequest request) throws Exception {
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
