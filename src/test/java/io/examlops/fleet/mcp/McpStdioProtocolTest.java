package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole session with the real {@code exa mcp serve}, written and read line by line as bytes, so
 * that what the SDK's client would hide shows: every line on stdout is a JSON-RPC 2.0 message and
 * nothing else; lines that are not messages get protocol errors and the session goes on; closing
 * stdin ends the server with exit code 0.
 */
class McpStdioProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path home;

  @Test
  void aWholeSessionPutsNothingButJsonRpcOnStdoutAndSurvivesMalformedMessages() throws Exception {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    env.put("EXAMLOPS_LOG_LEVEL", "DEBUG");
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();

    List<String> session = new ArrayList<>();
    session.add(
        request(
            1,
            "initialize",
            Map.of(
                "protocolVersion",
                "2025-06-18",
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "raw", "version", "1"))));
    session.add("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    session.add("this is not JSON");
    session.add("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":");
    session.add("[{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}]");
    session.add("{\"id\":4,\"method\":\"tools/list\"}");
    session.add("{\"jsonrpc\":\"2.0\",\"id\":5}");
    session.add("x".repeat(StdioTransport.MAX_MESSAGE_CHARS + 10));
    // issue 34: the SDK's reader named its Java class
    session.add("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}");
    session.add(request(6, "tools/list", Map.of()));
    session.add(request(7, "tools/call", Map.of("name", "hpc_clusters", "arguments", Map.of())));
    session.add(
        request(8, "tools/call", Map.of("name", "hpc_place", "arguments", Map.of("gpus", 1))));
    session.add(
        request(
            9, "tools/call", Map.of("name", "hpc_nodes", "arguments", Map.of("cluster", "demo"))));
    session.add(request(10, "tools/call", Map.of("name", "hpc_jobs", "arguments", Map.of())));
    session.add(request(11, "tools/call", Map.of("name", "hpc_capacity", "arguments", Map.of())));
    session.add(
        request(
            12, "tools/call", Map.of("name", "hpc_queue", "arguments", Map.of("cluster", "demo"))));
    session.add(
        request(
            13,
            "tools/call",
            Map.of("name", "hpc_preflight", "arguments", Map.of("cluster", "demo", "gpus", 1))));
    session.add(request(14, "tools/call", Map.of("arguments", Map.of())));
    session.add(request(15, "no/such/method", Map.of()));

    Path out = home.resolve("stdout");
    Path err = home.resolve("stderr");
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(ExaMcp.command(env, List.of()));
    Process server =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try (OutputStream stdin = server.getOutputStream()) {
      for (String line : session) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    assertThat(server.waitFor(120, TimeUnit.SECONDS))
        .as("the server ends when stdin closes")
        .isTrue();
    assertThat(server.exitValue()).as(Files.readString(err)).isZero();

    Map<Object, JsonNode> byId = new HashMap<>();
    List<JsonNode> withoutId = new ArrayList<>();
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      JsonNode message = JSON.readTree(line);
      assertThat(message.isObject()).as(line).isTrue();
      assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
      assertThat(message.has("result") ^ message.has("error")).as(line).isTrue();
      if (message.get("id").isNull()) {
        withoutId.add(message);
      } else {
        byId.put(message.get("id").asInt(), message);
      }
    }
    assertThat(withoutId)
        .extracting(m -> m.get("error").get("code").asInt())
        .as("parse errors, then invalid requests without a readable id")
        .containsExactly(-32700, -32700, -32600, -32600, -32600);
    assertThat(withoutId.get(4).get("error").get("message").asText())
        .contains("\"id\" is a string or a number, never null")
        .contains("leave \"id\" out")
        .doesNotContain("io.modelcontextprotocol")
        .doesNotContain("`");
    assertThat(byId.get(4).get("error").get("code").asInt()).isEqualTo(-32600);
    assertThat(byId.get(5).get("error").get("code").asInt()).isEqualTo(-32600);
    assertThat(byId.get(6).get("result").get("tools")).hasSize(9);
    for (int id = 7; id <= 13; id++) {
      JsonNode result = byId.get(id).get("result");
      assertThat(result.get("isError").asBoolean()).as(result.toString()).isFalse();
      assertThat(result.get("structuredContent").isObject()).isTrue();
    }
    JsonNode nameless = byId.get(14).get("error");
    assertThat(nameless.get("code").asInt()).isEqualTo(-32602);
    assertThat(nameless.get("message").asText()).contains("params.name");
    assertThat(byId.get(15).get("error").get("code").asInt()).isEqualTo(-32601);
    assertThat(byId).containsKeys(1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

    String stderr = Files.readString(err);
    assertThat(stderr).as("the debug log goes to stderr").contains("DEBUG");
  }

  @Test
  void everyToolGivenArgumentsOfTheWrongShapeAnswersAJsonRpcOrToolErrorWithoutJavaNames()
      throws Exception {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    List<String> tools = ExaMcp.READ_TOOLS;
    String deep = "{\"a\":".repeat(2000) + "1" + "}".repeat(2000);
    List<String> shapes =
        List.of(
            "\"gpus=1\"",
            "42",
            "[1, 2]",
            "true",
            "{\"gpus\": \"one\"}",
            "{\"gpus\": 1e400}",
            "{\"gpus\": " + "9".repeat(1000) + "}",
            "{\"gpus\": -1, \"cluster\": \"a\\nb\\u202e\"}",
            "{\"cluster\": \"" + "x".repeat(50_000) + "\"}",
            "{\"cluster\": {\"nested\": [[[[1]]]]}}",
            deep);
    List<String> session = new ArrayList<>();
    session.add(
        request(
            1,
            "initialize",
            Map.of(
                "protocolVersion",
                "2025-06-18",
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "raw", "version", "1"))));
    session.add("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    int id = 100;
    for (String tool : tools) {
      for (String arguments : shapes) {
        session.add(
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + id++
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\""
                + tool
                + "\",\"arguments\":"
                + arguments
                + "}}");
      }
    }
    session.add("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"tools/call\",\"params\":\"x\"}");

    Path out = home.resolve("stdout");
    Path err = home.resolve("stderr");
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(ExaMcp.command(env, List.of()));
    Process server =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    try (OutputStream stdin = server.getOutputStream()) {
      for (String line : session) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    assertThat(server.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(server.exitValue()).as(Files.readString(err)).isZero();

    int answered = 0;
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      JsonNode message = JSON.readTree(line);
      assertThat(line)
          .doesNotContain("java.")
          .doesNotContain("com.fasterxml")
          .doesNotContain("Exception")
          .doesNotContain("StreamReadConstraints");
      if (message.path("id").asInt() >= 99) {
        answered++;
        if (message.has("error")) {
          assertThat(message.get("error").get("code").asInt())
              .as(line)
              .isIn(-32700, -32600, -32602);
        } else {
          // a tool error, or an answer where the shape fits (hpc_jobs of an unknown cluster)
          assertThat(message.get("result").get("content").isArray()).as(line).isTrue();
        }
      }
    }
    // the deep one cannot be read for its id: answered without one
    assertThat(answered).isEqualTo(1 + tools.size() * (shapes.size() - 1));
    String stderr = Files.readString(err);
    assertThat(stderr).doesNotContainPattern("\\tat [a-z]").doesNotContain("Exception");
  }

  private static String request(int id, String method, Object params) throws Exception {
    return JSON.writeValueAsString(
        Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
  }
}
