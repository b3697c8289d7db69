package io.examlops.fleet.mcp;

import static io.examlops.fleet.mcp.RawMcp.call;
import static io.examlops.fleet.mcp.RawMcp.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code exa mcp serve} held to the MCP specification (2025-11-25, and what each earlier
 * revision allows) in raw JSON-RPC lines: protocol errors for unknown tools and bad cursors, the
 * fields of a schema failure, cancellation, calls answered side by side, progress, logging, and the
 * fields each negotiated revision may be sent. A slow call is one whose cluster command waits at a
 * {@link CommandGate} until the test opens it; nothing here depends on how fast the machine is.
 */
class McpSpecificationTest {
  private static final String LATEST = "2025-11-25";

  @TempDir Path home;
  private Map<String, String> env;
  private CommandGate gate;

  @BeforeEach
  void aMockClusterThatIsApproved() throws Exception {
    env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    ok(ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock"));
    ok(ExaRun.run(env, "hpc", "approve", "demo"));
    gate = CommandGate.in(home);
  }

  @AfterEach
  void noStandInOutlivesTheTest() throws Exception {
    gate.close();
  }

  private static ExaRun ok(ExaRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private RawMcp serve(Map<String, String> environment, String version) throws Exception {
    RawMcp mcp = RawMcp.start(environment, home.resolve("stderr"));
    JsonNode initialized = mcp.initialize(version);
    assertThat(initialized.get("protocolVersion").asText()).isEqualTo(version);
    return mcp;
  }

  private static JsonNode result(JsonNode response) {
    assertThat(response.has("result")).as(response.toString()).isTrue();
    return response.get("result");
  }

  private static int errorCode(JsonNode response) {
    assertThat(response.has("error")).as(response.toString()).isTrue();
    return response.get("error").get("code").asInt();
  }

  @Test
  void anUnknownToolOrACallWithoutANameIsInvalidParams() throws Exception {
    try (RawMcp mcp = serve(env, LATEST)) {
      mcp.send(call(1, "hpc_nosuch", Map.of()));
      JsonNode unknown = mcp.response(1);
      assertThat(errorCode(unknown)).isEqualTo(-32602);
      assertThat(unknown.get("error").get("message").asText())
          .contains("hpc_nosuch")
          .contains("hpc_clusters");
      mcp.send(request(2, "tools/call", Map.of("arguments", Map.of())));
      assertThat(errorCode(mcp.response(2))).isEqualTo(-32602);
      mcp.send(request(3, "tools/call", Map.of("name", 42)));
      assertThat(errorCode(mcp.response(3))).isEqualTo(-32602);

      mcp.send(call(4, "hpc_approve_cluster", Map.of("cluster", "demo")));
      JsonNode disabled = result(mcp.response(4));
      assertThat(disabled.get("isError").asBoolean())
          .as("a write tool on a read-only server is a tool error that says how to enable it")
          .isTrue();
      assertThat(disabled.get("structuredContent").get("error").get("kind").asText())
          .isEqualTo("WRITES_DISABLED");
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void anArgumentThatFailsTheInputSchemaIsNamedInFields() throws Exception {
    try (RawMcp mcp = serve(env, LATEST)) {
      mcp.send(call(1, "hpc_place", Map.of("gpus", "one")));
      JsonNode typed = result(mcp.response(1));
      assertThat(typed.get("isError").asBoolean()).isTrue();
      assertThat(typed.get("structuredContent").get("error").get("fields"))
          .extracting(JsonNode::asText)
          .containsExactly("gpus");
      mcp.send(call(2, "hpc_preflight", Map.of("nodes", 0, "colour", "red")));
      assertThat(result(mcp.response(2)).get("structuredContent").get("error").get("fields"))
          .as("missing, out of range and unknown arguments")
          .extracting(JsonNode::asText)
          .containsExactlyInAnyOrder("cluster", "gpus", "nodes", "colour");
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void aCancelledCallIsStoppedWithItsCommandAndNeverAnswered() throws Exception {
    String auditBefore = ok(ExaRun.run(env, "--json", "hpc", "audit")).out();
    try (RawMcp mcp = serve(gate.env(env), LATEST)) {
      mcp.send(call(7, "hpc_nodes", Map.of("cluster", "demo", "live", true)));
      long command = gate.awaitStarted(1).get(0);
      mcp.send(
          Map.of(
              "jsonrpc",
              "2.0",
              "method",
              "notifications/cancelled",
              "params",
              Map.of("requestId", 7, "reason", "the user changed their mind")));
      CommandGate.awaitEnd(command);

      mcp.send(call(8, "hpc_clusters", Map.of()));
      assertThat(result(mcp.response(8)).get("isError").asBoolean()).isFalse();
      assertThat(mcp.finish()).isZero();
      assertThat(mcp.answered()).as("no response to a cancelled request").doesNotContain("7");
    }
    assertThat(Files.readString(home.resolve("stderr"))).doesNotContain("No handler");
    assertThat(ok(ExaRun.run(env, "--json", "hpc", "audit")).out())
        .as("nothing recorded for the cancelled call")
        .isEqualTo(auditBefore);
  }

  @Test
  void aFastCallIsAnsweredWhileTwoSlowCallsStillRun() throws Exception {
    try (RawMcp mcp = serve(gate.env(env), LATEST)) {
      mcp.send(call(10, "hpc_nodes", Map.of("cluster", "demo", "live", true)));
      mcp.send(call(11, "hpc_nodes", Map.of("cluster", "demo", "live", true)));
      gate.awaitStarted(2);
      mcp.send(call(12, "hpc_clusters", Map.of()));
      JsonNode clusters = result(mcp.response(12));
      assertThat(clusters.get("structuredContent").get("clusters")).hasSize(1);
      assertThat(mcp.answered()).as("the slow calls still wait").doesNotContain("10", "11");

      gate.open();
      for (int id : List.of(10, 11)) {
        JsonNode nodes = result(mcp.response(id));
        assertThat(nodes.get("isError").asBoolean()).as(nodes.toString()).isFalse();
        assertThat(nodes.get("structuredContent").get("nodes")).hasSize(1);
      }
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void aCallThatAsksForProgressIsToldEachStepBeforeItsAnswer() throws Exception {
    gate.open();
    try (RawMcp mcp = serve(gate.env(env), LATEST)) {
      mcp.send(
          request(
              20,
              "tools/call",
              Map.of(
                  "name",
                  "hpc_nodes",
                  "arguments",
                  Map.of("cluster", "demo", "live", true),
                  "_meta",
                  Map.of("progressToken", "token-20"))));
      mcp.send(call(21, "hpc_nodes", Map.of("cluster", "demo", "live", true)));
      JsonNode answer = mcp.response(20);
      List<JsonNode> read = mcp.read();
      List<JsonNode> progress =
          read.subList(0, read.indexOf(answer)).stream()
              .filter(m -> "notifications/progress".equals(m.path("method").asText()))
              .toList();
      mcp.response(21);
      assertThat(progress).isNotEmpty();
      assertThat(progress.get(0).get("params").get("message").asText())
          .contains("hpc_nodes")
          .contains("demo");
      assertThat(mcp.notifications("notifications/progress"))
          .as("progress only for the call that asked, each with its token, before its answer")
          .allSatisfy(
              p -> assertThat(p.get("params").get("progressToken").asText()).isEqualTo("token-20"))
          .hasSameSizeAs(progress);
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void aCursorTheServerNeverGaveIsInvalidParams() throws Exception {
    try (RawMcp mcp = serve(env, LATEST)) {
      mcp.send(request(1, "tools/list", Map.of("cursor", "page-2")));
      JsonNode refused = mcp.response(1);
      assertThat(errorCode(refused)).isEqualTo(-32602);
      assertThat(refused.get("error").get("message").asText()).contains("cursor");
      mcp.send(request(2, "tools/list", Map.of()));
      JsonNode listed = result(mcp.response(2));
      assertThat(listed.get("tools")).hasSize(9);
      assertThat(listed.has("nextCursor")).as("one page").isFalse();
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void logLinesGoToTheClientAtTheLevelItSet() throws Exception {
    try (RawMcp mcp = serve(env, LATEST)) {
      mcp.send(request(1, "logging/setLevel", Map.of("level", "error")));
      result(mcp.response(1));
      mcp.send(call(2, "hpc_queue", Map.of("cluster", "nosuch")));
      assertThat(result(mcp.response(2)).get("isError").asBoolean()).isTrue();
      assertThat(mcp.notifications("notifications/message"))
          .as("a failed call is a warning, below the level set")
          .isEmpty();

      mcp.send(request(3, "logging/setLevel", Map.of("level", "warning")));
      result(mcp.response(3));
      mcp.send(call(4, "hpc_queue", Map.of("cluster", "nosuch")));
      JsonNode failed = mcp.response(4);
      List<JsonNode> read = mcp.read();
      List<JsonNode> logged = mcp.notifications("notifications/message");
      assertThat(logged).hasSize(1);
      JsonNode line = logged.get(0).get("params");
      assertThat(line.get("level").asText()).isEqualTo("warning");
      assertThat(line.get("logger").asText()).isEqualTo("exa");
      assertThat(line.get("data").asText()).contains("hpc_queue").contains("UNKNOWN_CLUSTER");
      assertThat(read.indexOf(logged.get(0))).isLessThan(read.indexOf(failed));
      assertThat(mcp.finish()).isZero();
    }
  }

  @Test
  void eachRevisionIsSentOnlyTheFieldsItHas() throws Exception {
    for (String version : List.of("2024-11-05", "2025-03-26", "2025-06-18", LATEST)) {
      boolean annotations = version.compareTo("2025-03-26") >= 0;
      boolean structured = version.compareTo("2025-06-18") >= 0;
      try (RawMcp mcp = serve(env, version)) {
        mcp.send(request(1, "tools/list", Map.of()));
        JsonNode tools = result(mcp.response(1)).get("tools");
        assertThat(tools).hasSize(9);
        for (JsonNode tool : tools) {
          String name = version + " " + tool.get("name").asText();
          assertThat(tool.has("inputSchema")).as(name).isTrue();
          assertThat(tool.has("annotations")).as(name).isEqualTo(annotations);
          assertThat(tool.has("outputSchema")).as(name).isEqualTo(structured);
          assertThat(tool.has("title")).as(name).isEqualTo(structured);
          if (annotations) {
            assertThat(tool.get("annotations").get("openWorldHint").asBoolean())
                .as(name + " reaches the clusters")
                .isEqualTo(!tool.get("name").asText().matches("hpc_clusters|hpc_place"));
          }
        }
        mcp.send(call(2, "hpc_clusters", Map.of()));
        JsonNode answer = result(mcp.response(2));
        assertThat(answer.get("content")).hasSize(2);
        assertThat(answer.has("structuredContent")).as(version).isEqualTo(structured);
        mcp.send(call(3, "hpc_place", Map.of()));
        JsonNode failed = result(mcp.response(3));
        assertThat(failed.get("isError").asBoolean()).isTrue();
        assertThat(failed.has("structuredContent")).as(version).isEqualTo(structured);
        assertThat(mcp.finish()).isZero();
      }
    }
  }
}
