package io.examlops.fleet.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.Exa;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The real {@code exa mcp serve} in a process of its own, with exactly the environment given
 * (nothing inherited), driven by the MCP Java SDK's own client over stdio.
 */
public final class ExaMcp implements AutoCloseable {
  static final String CLIENT = "fleet-test";

  /** The read tools, in the order tools/list gives them. */
  static final List<String> READ_TOOLS =
      List.of(
          "hpc_clusters",
          "hpc_nodes",
          "hpc_place",
          "hpc_jobs",
          "hpc_capacity",
          "hpc_queue",
          "hpc_preflight",
          "hpc_job",
          "hpc_job_logs");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final McpSyncClient client;
  private final ConcurrentLinkedQueue<String> stderr = new ConcurrentLinkedQueue<>();

  private ExaMcp(Map<String, String> env, List<String> serveArgs) {
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder("env").args(command(env, serveArgs)).build(),
            McpJsonDefaults.getMapper());
    transport.setStdErrorHandler(stderr::add);
    client =
        McpClient.sync(transport)
            .clientInfo(new McpSchema.Implementation(CLIENT, "1.0"))
            .requestTimeout(Duration.ofSeconds(90))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    client.initialize();
  }

  /** {@code exa mcp serve ARGS} with this environment, initialized. */
  public static ExaMcp serve(Map<String, String> env, String... serveArgs) {
    return new ExaMcp(env, List.of(serveArgs));
  }

  /**
   * {@code env -i NAME=VALUE... java -cp CLASSPATH Exa mcp serve ARGS}: the test class path's
   * {@code exa}, as ExaProcess runs it, with only the variables given (and PATH).
   */
  static List<String> command(Map<String, String> env, List<String> serveArgs) {
    List<String> command = new ArrayList<>();
    command.add("-i");
    if (!env.containsKey("PATH")) {
      command.add("PATH=/usr/local/bin:/usr/bin:/bin");
    }
    env.forEach((name, value) -> command.add(name + "=" + value));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-Xshare:auto");
    command.add(Exa.class.getName());
    command.add("mcp");
    command.add("serve");
    command.addAll(serveArgs);
    return command;
  }

  McpSyncClient client() {
    return client;
  }

  List<String> toolNames() {
    return client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
  }

  public CallToolResult call(String tool, Map<String, Object> arguments) {
    return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
  }

  /** The structured content of a call, as a JSON tree. */
  public static JsonNode structured(CallToolResult result) {
    return JSON.valueToTree(result.structuredContent());
  }

  /** The text of the result's first content block (the summary, or the error in words). */
  public static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  /**
   * Fails unless both are the same JSON: the same values, objects' keys in any order (AssertJ would
   * compare a JSON tree as a list of its values, in order).
   */
  static void assertSameJson(JsonNode actual, JsonNode expected) {
    org.assertj.core.api.Assertions.assertThat(actual.equals(expected))
        .as("%s%nis not the same JSON as%n%s", actual, expected)
        .isTrue();
  }

  /** The {@code key} of each element of a JSON array, as text (not of objects nested deeper). */
  static List<String> each(JsonNode array, String key) {
    return array.valueStream().map(e -> e.path(key).asText()).toList();
  }

  /**
   * The seconds since {@code start}, plus the tenth by which an age is rounded: the most an age can
   * say for figures read after {@code start}, however slow the machine.
   */
  static double secondsSince(Instant start) {
    return Duration.between(start, Instant.now()).toMillis() / 1000.0 + 0.1;
  }

  /** What the server wrote to stderr so far. */
  public String stderr() {
    return String.join("\n", stderr);
  }

  @Override
  public void close() {
    client.closeGracefully();
  }
}
