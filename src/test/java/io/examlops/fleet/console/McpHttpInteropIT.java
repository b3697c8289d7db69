package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.access.TokenScope;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interoperability of the console's /mcp (Streamable HTTP) with clients nobody here wrote: the
 * reference Python MCP SDK and the reference TypeScript MCP SDK (pinned in src/test/mcp-interop/,
 * installed by scripts/mcp-interop-setup.sh) each begin a session with an admin's token, list the
 * tools and call every one of them, the approval tools included, on a real console over real HTTP.
 * Fails, never skips, when python, node or either SDK is missing.
 */
class McpHttpInteropIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path SOURCES = Path.of("src/test/mcp-interop");
  private static final Path NODE_CLIENTS = Path.of("work/mcp-interop");
  private static final Path PYTHON = Path.of("work/mcp-python/bin/python");

  @TempDir Path dir;
  private ConsoleFixture console;
  private String token;
  private String job;

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, new McpOptions(true, Set.of()), "demo", "spare", "gone");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("demo"));
    token = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    job =
        Long.toString(
            console
                .fleet
                .jobs()
                .submit(
                    ConsoleFixture.SETUP,
                    new SubmitRequest(
                        ScriptSource.text("fail.sh", "#!/bin/sh\necho failed here\nexit 3\n"),
                        "failing",
                        JobOptions.on("demo", 1)))
                .job()
                .id());
  }

  @AfterEach
  void stop() {
    console.close();
  }

  @Test
  void theReferencePythonClientCallsEveryToolOverStreamableHttp() throws Exception {
    assertThat(PYTHON)
        .as("the Python MCP SDK, installed by `bash scripts/mcp-interop-setup.sh`")
        .isRegularFile();
    JsonNode answer = run(List.of(PYTHON.toString(), SOURCES.resolve("http_client.py").toString()));
    assertThat(answer.get("protocolVersion").asText()).isEqualTo("2025-11-25");
    assertEveryToolAnswered(answer, "python-sdk-interop");
  }

  @Test
  void theReferenceTypeScriptClientCallsEveryToolOverStreamableHttp() throws Exception {
    assertThat(NODE_CLIENTS.resolve("node_modules/@modelcontextprotocol/sdk"))
        .as("the TypeScript MCP SDK, installed by `bash scripts/mcp-interop-setup.sh`")
        .isDirectory();
    Path client = NODE_CLIENTS.resolve("http-client.mjs");
    Files.copy(SOURCES.resolve("http-client.mjs"), client, StandardCopyOption.REPLACE_EXISTING);
    JsonNode answer = run(List.of("node", client.toString()));
    assertThat(answer.get("sessionId").asText()).isNotEmpty();
    assertEveryToolAnswered(answer, "ts-sdk-interop");
  }

  /** One call of each tool, with arguments it takes on the mock clusters. */
  private List<Map<String, Object>> calls() {
    return List.of(
        call("hpc_clusters", Map.of()),
        call("hpc_nodes", Map.of("cluster", "demo")),
        call("hpc_place", Map.of("gpus", 1)),
        call("hpc_jobs", Map.of()),
        call("hpc_job", Map.of("job", "#" + job)),
        call("hpc_job_logs", Map.of("job", "#" + job, "lines", 5)),
        call("hpc_capacity", Map.of()),
        call("hpc_queue", Map.of("cluster", "demo")),
        call("hpc_preflight", Map.of("cluster", "demo", "gpus", 1)),
        call("hpc_approve_cluster", Map.of("cluster", "spare")),
        call("hpc_reject_cluster", Map.of("cluster", "gone", "reason", "lent to another team")));
  }

  private static Map<String, Object> call(String name, Map<String, Object> arguments) {
    return Map.of("name", name, "arguments", arguments);
  }

  private void assertEveryToolAnswered(JsonNode answer, String client) {
    assertThat(answer.get("server").get("name").asText()).isEqualTo("exa");
    Set<String> listed = new TreeSet<>();
    answer.get("tools").forEach(t -> listed.add(t.get("name").asText()));
    Set<String> called = new TreeSet<>();
    calls().forEach(c -> called.add((String) c.get("name")));
    assertThat(listed).as("every tool listed is called here").isEqualTo(called);

    JsonNode results = answer.get("results");
    assertThat(results).hasSize(calls().size());
    List<String> failed = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      JsonNode result = results.get(i);
      if (result.path("isError").asBoolean() || !result.has("structuredContent")) {
        failed.add(calls().get(i).get("name") + ": " + result);
      }
    }
    assertThat(failed).as("calls that did not succeed").isEmpty();
    assertThat(results.get(0).get("structuredContent").get("clusters").size()).isEqualTo(3);
    assertThat(results.get(2).get("structuredContent").get("chosen").asText()).isEqualTo("demo");

    assertThat(console.state("spare")).isEqualTo(ClusterState.ACTIVE);
    assertThat(console.state("gone")).isEqualTo(ClusterState.REJECTED);
    var events = console.fleet.governance().audit(AuditRequest.ALL).events();
    for (String action : List.of("approve", "reject")) {
      var event =
          events.stream()
              .filter(e -> e.action().equals(action) && !e.cluster().equals("demo"))
              .findFirst()
              .orElseThrow();
      assertThat(event.actor()).as(action).isEqualTo(ConsoleFixture.ADMIN);
      assertThat(event.surface()).as(action).isEqualTo("mcp:" + client);
    }
  }

  /** Runs a client with the console's URL and the calls; the token goes in its environment. */
  private JsonNode run(List<String> command) throws Exception {
    List<String> full = new ArrayList<>(command);
    full.add(console.base + "/mcp");
    full.add(JSON.writeValueAsString(calls()));
    Path out = dir.resolve("out.json");
    Path err = dir.resolve("err.txt");
    ProcessBuilder builder =
        new ProcessBuilder(full).redirectOutput(out.toFile()).redirectError(err.toFile());
    builder.environment().put("EXA_TOKEN", token);
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("the client ends").isTrue();
    assertThat(process.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
    return JSON.readTree(out.toFile());
  }
}
