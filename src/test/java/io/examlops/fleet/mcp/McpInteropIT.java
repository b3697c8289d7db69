package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interoperability with a client nobody here wrote: the reference TypeScript MCP SDK's Client and
 * stdio transport (npm {@code @modelcontextprotocol/sdk}, pinned in
 * src/test/mcp-interop/package-lock.json, installed by scripts/mcp-interop-setup.sh) start the real
 * {@code exa mcp serve}, list its tools and call them; that SDK checks every structured result
 * against the tool's output schema. Fails, never skips, when node or that SDK is missing.
 */
class McpInteropIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path CLIENT_SOURCE = Path.of("src/test/mcp-interop/client.mjs");
  private static final Path INSTALLED = Path.of("work/mcp-interop");

  @TempDir Path home;

  @Test
  void theReferenceTypeScriptClientListsTheToolsAndCallsThem() throws Exception {
    assertThat(INSTALLED.resolve("node_modules/@modelcontextprotocol/sdk"))
        .as(
            "the TypeScript MCP SDK, installed by `bash scripts/mcp-interop-setup.sh`"
                + " (scripts/setup.sh runs it)")
        .isDirectory();
    Path client = INSTALLED.resolve("client.mjs");
    Files.copy(CLIENT_SOURCE, client, StandardCopyOption.REPLACE_EXISTING);

    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    for (String name : List.of("demo", "waiting")) {
      assertThat(
              ExaRun.run(env, "hpc", "connect", "local", "--name", name, "--scheduler", "mock")
                  .exitCode())
          .isZero();
    }
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();

    String server =
        JSON.writeValueAsString(
            Map.of("command", "env", "args", ExaMcp.command(env, List.of()), "env", Map.of()));
    String calls =
        JSON.writeValueAsString(
            List.of(
                Map.of("name", "hpc_clusters", "arguments", Map.of()),
                Map.of("name", "hpc_place", "arguments", Map.of("gpus", 1)),
                Map.of("name", "hpc_place", "arguments", Map.of("gpus", 1, "cluster", "waiting")),
                Map.of("name", "hpc_place", "arguments", Map.of("gpus", "one"))));
    Path out = home.resolve("out.json");
    Path err = home.resolve("err.txt");
    Process node =
        new ProcessBuilder("node", client.toString(), server, calls)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    node.getOutputStream().close();
    assertThat(node.waitFor(120, TimeUnit.SECONDS)).as("the TypeScript client ends").isTrue();
    assertThat(node.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
    JsonNode answer = JSON.readTree(out.toFile());

    assertThat(answer.get("server").get("name").asText()).isEqualTo("exa");
    assertThat(answer.get("tools").valueStream().map(t -> t.get("name").asText()))
        .containsExactly(
            "hpc_clusters",
            "hpc_nodes",
            "hpc_place",
            "hpc_jobs",
            "hpc_capacity",
            "hpc_queue",
            "hpc_preflight");
    answer
        .get("tools")
        .forEach(
            t ->
                assertThat(t.get("annotations").get("readOnlyHint").asBoolean())
                    .as(t.toString())
                    .isTrue());

    JsonNode results = answer.get("results");
    JsonNode clusters = results.get(0);
    assertThat(clusters.path("isError").asBoolean()).isFalse();
    assertThat(ExaMcp.each(clusters.get("structuredContent").get("clusters"), "name"))
        .containsExactly("demo", "waiting");
    JsonNode place = results.get(1);
    assertThat(place.path("isError").asBoolean()).isFalse();
    assertThat(place.get("structuredContent").get("chosen").asText()).isEqualTo("demo");
    assertThat(place.get("content").get(0).get("text").asText()).startsWith("chose mock@demo");
    JsonNode gate = results.get(2);
    assertThat(gate.get("isError").asBoolean()).isTrue();
    assertThat(gate.get("structuredContent").get("error").get("kind").asText())
        .isEqualTo("NOT_APPROVED");
    JsonNode invalid = results.get(3);
    assertThat(invalid.get("isError").asBoolean()).isTrue();
    assertThat(invalid.get("structuredContent").get("error").get("kind").asText())
        .isEqualTo("INVALID_REQUEST");
  }
}
