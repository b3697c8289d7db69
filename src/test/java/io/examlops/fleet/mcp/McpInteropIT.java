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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

  private static final Path PYTHON_CLIENT_SOURCE = Path.of("src/test/mcp-interop/stdio_client.py");
  private static final Path PYTHON = Path.of("work/mcp-python/bin/python");
  private static final List<String> READ_TOOLS = ExaMcp.READ_TOOLS;

  @TempDir Path home;

  @Test
  void theReferenceTypeScriptClientListsTheToolsAndCallsThem() throws Exception {
    assertThat(INSTALLED.resolve("node_modules/@modelcontextprotocol/sdk"))
        .as(
            "the TypeScript MCP SDK, installed by `bash scripts/mcp-interop-setup.sh`"
                + " (scripts/test.sh runs it)")
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
        .containsExactlyElementsOf(READ_TOOLS);
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

  /**
   * The reference Python SDK (PyPI {@code mcp}, pinned in src/test/mcp-interop/requirements.txt,
   * installed by scripts/mcp-interop-setup.sh) calls every read tool, each asking for progress,
   * with its log level set to debug; it checks each structured result against the tool's output
   * schema, and an unknown tool comes back to it as a protocol error.
   */
  @Test
  void theReferencePythonClientCallsEveryReadTool() throws Exception {
    assertThat(PYTHON)
        .as("the Python MCP SDK, installed by `bash scripts/mcp-interop-setup.sh`")
        .isExecutable();
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    String job = failedJobOnDemo(env, "demo");

    String server =
        JSON.writeValueAsString(
            Map.of("command", "env", "args", ExaMcp.command(env, List.of()), "env", Map.of()));
    List<Map<String, Object>> calls =
        List.of(
            call("hpc_clusters", Map.of()),
            call("hpc_nodes", Map.of("cluster", "demo", "live", true)),
            call("hpc_place", Map.of("gpus", 1)),
            call("hpc_jobs", Map.of()),
            call("hpc_capacity", Map.of()),
            call("hpc_queue", Map.of("cluster", "demo")),
            call("hpc_preflight", Map.of("cluster", "demo", "gpus", 1)),
            call("hpc_job", Map.of("job", job)),
            call("hpc_job_logs", Map.of("job", job, "lines", 5)),
            call("hpc_nosuch", Map.of()));
    Path out = home.resolve("py-out.json");
    Path err = home.resolve("py-err.txt");
    Process python =
        new ProcessBuilder(
                PYTHON.toString(),
                PYTHON_CLIENT_SOURCE.toString(),
                server,
                JSON.writeValueAsString(calls))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    python.getOutputStream().close();
    assertThat(python.waitFor(180, TimeUnit.SECONDS)).as("the Python client ends").isTrue();
    assertThat(python.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
    JsonNode answer = JSON.readTree(out.toFile());

    assertThat(answer.get("server").get("name").asText()).isEqualTo("exa");
    assertThat(answer.get("protocolVersion").asText()).isEqualTo("2025-11-25");
    assertThat(ExaMcp.each(answer.get("tools"), "name")).containsExactlyElementsOf(READ_TOOLS);
    JsonNode results = answer.get("results");
    for (int i = 0; i < READ_TOOLS.size(); i++) {
      JsonNode result = results.get(i);
      assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
      assertThat(result.get("structuredContent").isObject()).as(result.toString()).isTrue();
    }
    assertThat(results.get(1).get("progressSeen"))
        .as("hpc_nodes read live tells its step")
        .isNotEmpty();
    JsonNode failed = results.get(7).get("structuredContent");
    assertThat(failed.get("state").asText()).isEqualTo("failed");
    assertThat(failed.get("exitCode").asInt()).isEqualTo(3);
    assertThat(results.get(8).get("structuredContent").get("text").asText())
        .contains("failed here");
    assertThat(results.get(9).get("protocolError").asText()).contains("hpc_nosuch");
    assertThat(ExaMcp.each(answer.get("logged"), "logger")).contains("exa");
  }

  /**
   * Each reference SDK over stdio, with writes on, lists every tool and calls each one: the read
   * tools, the two job tools on a failed job, and approve and reject, all answered without an
   * error.
   */
  @ParameterizedTest
  @ValueSource(strings = {"typescript", "python"})
  void eachReferenceClientCallsEveryToolWithWritesOn(String sdk) throws Exception {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    String job = failedJobOnDemo(env, "demo", "spare", "gone");
    String server =
        JSON.writeValueAsString(
            Map.of(
                "command",
                "env",
                "args",
                ExaMcp.command(env, List.of("--allow-writes")),
                "env",
                Map.of()));
    List<Map<String, Object>> calls =
        List.of(
            call("hpc_clusters", Map.of()),
            call("hpc_nodes", Map.of("cluster", "demo")),
            call("hpc_place", Map.of("gpus", 1)),
            call("hpc_jobs", Map.of()),
            call("hpc_capacity", Map.of()),
            call("hpc_queue", Map.of("cluster", "demo")),
            call("hpc_preflight", Map.of("cluster", "demo", "gpus", 1)),
            call("hpc_job", Map.of("job", "#" + job)),
            call("hpc_job_logs", Map.of("job", "#" + job, "lines", 5)),
            call("hpc_approve_cluster", Map.of("cluster", "spare")),
            call("hpc_reject_cluster", Map.of("cluster", "gone", "reason", "lent away")));
    List<String> client;
    if (sdk.equals("python")) {
      assertThat(PYTHON).as("the Python MCP SDK (scripts/mcp-interop-setup.sh)").isRegularFile();
      client = List.of(PYTHON.toString(), PYTHON_CLIENT_SOURCE.toString());
    } else {
      Path installed = INSTALLED.resolve("client.mjs");
      Files.copy(CLIENT_SOURCE, installed, StandardCopyOption.REPLACE_EXISTING);
      client = List.of("node", installed.toString());
    }
    List<String> command = new java.util.ArrayList<>(client);
    command.add(server);
    command.add(JSON.writeValueAsString(calls));
    Path out = home.resolve(sdk + "-out.json");
    Path err = home.resolve(sdk + "-err.txt");
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    process.getOutputStream().close();
    assertThat(process.waitFor(180, TimeUnit.SECONDS)).as(sdk + " client ends").isTrue();
    assertThat(process.exitValue()).as(Files.readString(err, StandardCharsets.UTF_8)).isZero();
    JsonNode answer = JSON.readTree(out.toFile());

    List<String> listed = ExaMcp.each(answer.get("tools"), "name");
    assertThat(calls.stream().map(c -> (String) c.get("name")))
        .as("every listed tool is called")
        .containsExactlyInAnyOrderElementsOf(listed);
    JsonNode results = answer.get("results");
    for (int i = 0; i < calls.size(); i++) {
      assertThat(results.get(i).path("isError").asBoolean())
          .as(calls.get(i).get("name") + ": " + results.get(i))
          .isFalse();
    }
    assertThat(results.get(7).get("structuredContent").get("exitCode").asInt()).isEqualTo(3);
    assertThat(results.get(9).get("structuredContent").get("state").asText()).isEqualTo("ACTIVE");
    assertThat(results.get(10).get("structuredContent").get("state").asText())
        .isEqualTo("REJECTED");
  }

  /**
   * Registers the mock clusters named (the first one approved, as {@code demo}) and returns the
   * fleet's id of a job that printed "step one", then "failed here" on stderr, and exited 3 there.
   */
  private String failedJobOnDemo(Map<String, String> env, String... clusters) throws Exception {
    for (String name : clusters) {
      assertThat(
              ExaRun.run(env, "hpc", "connect", "local", "--name", name, "--scheduler", "mock")
                  .exitCode())
          .isZero();
    }
    assertThat(ExaRun.run(env, "hpc", "approve", clusters[0]).exitCode()).isZero();
    Path script = home.resolve("train.sh");
    Files.writeString(script, "#!/bin/bash\necho step one\necho failed here >&2\nexit 3\n");
    ExaRun submitted =
        ExaRun.run(
            env,
            "--json",
            "hpc",
            "submit",
            "--cluster",
            clusters[0],
            "--gpus",
            "1",
            "--wait",
            "--wait-timeout",
            "60",
            script.toString());
    return JSON.readTree(submitted.out()).get("job").get("id").asText();
  }

  private static Map<String, Object> call(String name, Map<String, Object> arguments) {
    return Map.of("name", name, "arguments", arguments);
  }
}
