package io.examlops.fleet.mcp;

import static io.examlops.fleet.mcp.ExaMcp.structured;
import static io.examlops.fleet.mcp.ExaMcp.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testing.WithoutAges;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code exa mcp serve}, started by the MCP Java SDK's client over stdio, on a fleet of
 * mock clusters: "demo" (ACTIVE, 2 simulated GPUs, a finished pipeline job), "waiting" (PENDING)
 * and "spare" and "newcomer" (PENDING, for the write tools).
 */
class McpServeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> READ_TOOLS = ExaMcp.READ_TOOLS;

  /** The tools that reach the clusters over their connections: an open world. */
  private static final List<String> OPEN_WORLD_TOOLS =
      READ_TOOLS.stream().filter(t -> !t.matches("hpc_clusters|hpc_place")).toList();

  private static final List<String> WRITE_TOOLS =
      List.of("hpc_approve_cluster", "hpc_reject_cluster");

  @TempDir static Path home;
  private static Map<String, String> env;

  @BeforeAll
  static void aFleetOfMockClusters() throws Exception {
    env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    for (String name : List.of("demo", "waiting", "spare", "newcomer")) {
      ok(exa("hpc", "connect", "local", "--name", name, "--scheduler", "mock"));
    }
    ok(exa("hpc", "approve", "demo"));
    Path script = home.resolve("train.sh");
    Files.writeString(script, "#!/bin/bash\necho trained\n");
    ok(
        exa(
            "pipeline",
            "run",
            "--model",
            "JPCP",
            "--dataset",
            "PM100",
            "--cluster",
            "demo",
            "--gpus",
            "1",
            "--script",
            script.toString(),
            "--wait",
            "--wait-timeout",
            "60"));
  }

  private static ExaRun exa(String... args) {
    return ExaRun.run(env, args);
  }

  private static ExaRun ok(ExaRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  private static JsonNode cliJson(String... args) throws Exception {
    String[] all = new String[args.length + 1];
    all[0] = "--json";
    System.arraycopy(args, 0, all, 1, args.length);
    ExaRun run = exa(all);
    assertThat(run.err()).as("exa " + String.join(" ", args)).doesNotContain("exa: unexpected");
    return JSON.readTree(run.out());
  }

  private static JsonNode ok(CallToolResult result) {
    assertThat(result.isError()).as(result.content().toString()).isFalse();
    return structured(result);
  }

  private static JsonNode error(CallToolResult result, String kind) {
    assertThat(result.isError()).as(result.content().toString()).isTrue();
    JsonNode error = structured(result).get("error");
    assertThat(error.get("kind").asText()).as(error.toString()).isEqualTo(kind);
    assertThat(text(result)).startsWith(kind + ": " + error.get("message").asText());
    return error;
  }

  @Test
  void withoutWritesOnlyTheReadToolsAreListedEachAnnotatedReadOnlyWithSchemas() {
    try (ExaMcp mcp = ExaMcp.serve(env)) {
      assertThat(mcp.client().getServerInfo().name()).isEqualTo("exa");
      List<McpSchema.Tool> tools = mcp.client().listTools().tools();
      assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyElementsOf(READ_TOOLS);
      for (McpSchema.Tool tool : tools) {
        assertThat(tool.annotations().readOnlyHint()).as(tool.name()).isTrue();
        assertThat(tool.annotations().destructiveHint()).as(tool.name()).isFalse();
        assertThat(tool.annotations().openWorldHint())
            .as(tool.name())
            .isEqualTo(OPEN_WORLD_TOOLS.contains(tool.name()));
        assertThat(tool.description()).as(tool.name()).isNotBlank();
        assertThat(tool.inputSchema().get("type")).isEqualTo("object");
        assertThat(tool.inputSchema().get("additionalProperties")).isEqualTo(false);
        assertThat(tool.outputSchema()).as(tool.name()).containsKeys("properties", "anyOf");
      }
    }
  }

  @Test
  void withAllowWritesOrItsVariableTheWriteToolsAreListedMarkedDestructive() {
    try (ExaMcp mcp = ExaMcp.serve(env, "--allow-writes")) {
      List<McpSchema.Tool> tools = mcp.client().listTools().tools();
      assertThat(tools)
          .extracting(McpSchema.Tool::name)
          .containsExactlyInAnyOrderElementsOf(
              java.util.stream.Stream.concat(READ_TOOLS.stream(), WRITE_TOOLS.stream()).toList());
      tools.stream()
          .filter(t -> WRITE_TOOLS.contains(t.name()))
          .forEach(
              t -> {
                assertThat(t.annotations().readOnlyHint()).as(t.name()).isFalse();
                assertThat(t.annotations().destructiveHint()).as(t.name()).isTrue();
              });
    }
    Map<String, String> variable = new HashMap<>(env);
    variable.put("EXAMLOPS_MCP_ALLOW_WRITES", "1");
    try (ExaMcp mcp = ExaMcp.serve(variable)) {
      assertThat(mcp.toolNames()).containsAll(WRITE_TOOLS);
    }
    variable.put("EXAMLOPS_MCP_ALLOW_WRITES", "0");
    try (ExaMcp mcp = ExaMcp.serve(variable)) {
      assertThat(mcp.toolNames()).doesNotContainAnyElementsOf(WRITE_TOOLS);
    }
  }

  @Test
  void itEndsWithExitCode0WhenStdinClosesAndRefusesToStartOnABadWritesValue() throws Exception {
    ExaRun closed = ExaRun.process(env, List.of("mcp", "serve"));
    assertThat(closed.exitCode()).as(closed.err()).isZero();
    assertThat(closed.out()).isEmpty();

    Map<String, String> bad = new HashMap<>(env);
    bad.put("EXAMLOPS_MCP_ALLOW_WRITES", "yes");
    ExaRun refused = ExaRun.process(bad, List.of("mcp", "serve"));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.out()).isEmpty();
    assertThat(refused.err())
        .contains("EXAMLOPS_MCP_ALLOW_WRITES")
        .contains("'yes'")
        .contains("set it to 1");
  }

  @Test
  void aWriteIsRefusedByTheServerWhenWritesAreDisabledAndNothingChanges() throws Exception {
    try (ExaMcp mcp = ExaMcp.serve(env)) {
      JsonNode refused =
          error(mcp.call("hpc_approve_cluster", Map.of("cluster", "spare")), "WRITES_DISABLED");
      assertThat(refused.get("hint").asText()).contains("--allow-writes");
      error(
          mcp.call("hpc_reject_cluster", Map.of("cluster", "spare", "reason", "no")),
          "WRITES_DISABLED");
    }
    JsonNode spare = cluster(cliJson("hpc", "clusters"), "spare");
    assertThat(spare.get("state").asText()).isEqualTo("PENDING");
    assertThat(cliJson("hpc", "audit", "--cluster", "spare").get("events"))
        .extracting(e -> e.get("action").asText())
        .doesNotContain("approve", "reject");
  }

  @Test
  void aWriteIsAcceptedWhenEnabledAndAuditedWithTheUserAndTheClient() throws Exception {
    String surface = "mcp:" + ExaMcp.CLIENT;
    try (ExaMcp mcp = ExaMcp.serve(env, "--allow-writes")) {
      CallToolResult approval = mcp.call("hpc_approve_cluster", Map.of("cluster", "newcomer"));
      JsonNode approved = ok(approval);
      assertThat(approved.get("state").asText()).isEqualTo("ACTIVE");
      assertThat(approved.get("approvedBy").asText()).isEqualTo("ann");
      assertThat(text(approval)).isEqualTo("Approved newcomer: ACTIVE, by ann via " + surface);
      assertThat(cluster(cliJson("hpc", "clusters"), "newcomer").get("schedulable").asBoolean())
          .isTrue();

      JsonNode noReason =
          error(mcp.call("hpc_reject_cluster", Map.of("cluster", "newcomer")), "INVALID_REQUEST");
      assertThat(noReason.get("message").asText()).contains("reason");
      assertThat(cluster(cliJson("hpc", "clusters"), "newcomer").get("state").asText())
          .isEqualTo("ACTIVE");

      JsonNode rejected =
          ok(
              mcp.call(
                  "hpc_reject_cluster",
                  Map.of("cluster", "newcomer", "reason", "lent to another team")));
      assertThat(rejected.get("state").asText()).isEqualTo("REJECTED");
      assertThat(rejected.get("rejectedBy").asText()).isEqualTo("ann");
      assertThat(rejected.get("reason").asText()).isEqualTo("lent to another team");
    }
    JsonNode events = cliJson("hpc", "audit", "--cluster", "newcomer").get("events");
    Map<String, JsonNode> byAction = new HashMap<>();
    events.forEach(e -> byAction.put(e.get("action").asText(), e));
    for (String action : List.of("approve", "reject")) {
      assertThat(byAction.get(action).get("actor").asText()).isEqualTo("ann");
      assertThat(byAction.get(action).get("surface").asText()).isEqualTo(surface);
    }
    assertThat(byAction.get("reject").get("details").toString()).contains("lent to another team");
  }

  @Test
  void everyReadToolAnswersWithTheShapeTheCliPrintsForTheSameOperation() throws Exception {
    try (ExaMcp mcp = ExaMcp.serve(env)) {
      ExaMcp.assertSameJson(ok(mcp.call("hpc_clusters", Map.of())), cliJson("hpc", "clusters"));

      CallToolResult place = mcp.call("hpc_place", Map.of("gpus", 1));
      ExaMcp.assertSameJson(
          WithoutAges.of(ok(place)), WithoutAges.of(cliJson("hpc", "place", "--gpus", "1")));
      assertThat(text(place)).startsWith("chose mock@demo");
      JsonNode waiting = candidate(structured(place), "waiting");
      assertThat(waiting.get("outcome").asText()).isEqualTo("SKIPPED");
      assertThat(waiting.get("reason").asText()).contains("PENDING");
      assertThat(
              ok(mcp.call("hpc_place", Map.of("gpus", 1, "cluster", "demo")))
                  .get("chosen")
                  .asText())
          .isEqualTo("demo");

      ExaMcp.assertSameJson(
          ok(mcp.call("hpc_jobs", Map.of("refresh", false))),
          cliJson("hpc", "jobs", "--no-refresh"));
      JsonNode jobs =
          ok(mcp.call("hpc_jobs", Map.of("cluster", "demo", "model", "JPCP", "state", "completed")))
              .get("jobs");
      assertThat(jobs).hasSize(1);
      assertThat(jobs.get(0).get("model").asText()).isEqualTo("JPCP");
      assertThat(ok(mcp.call("hpc_jobs", Map.of("model", "nosuch"))).get("jobs")).isEmpty();
      assertThat(ok(mcp.call("hpc_jobs", Map.of("state", "running"))).get("jobs")).isEmpty();

      ExaMcp.assertSameJson(
          withoutTimes(ok(mcp.call("hpc_capacity", Map.of()))),
          withoutTimes(cliJson("hpc", "capacity")));

      ExaMcp.assertSameJson(
          withoutTimes(ok(mcp.call("hpc_queue", Map.of("cluster", "demo")))),
          withoutTimes(cliJson("hpc", "queue", "--cluster", "demo")));

      JsonNode preflight = ok(mcp.call("hpc_preflight", Map.of("cluster", "demo", "gpus", 1)));
      ExaMcp.assertSameJson(preflight, cliJson("hpc", "preflight", "demo", "--gpus", "1"));
      assertThat(preflight.get("result").asText()).isEqualTo("PASS");
      JsonNode pending = ok(mcp.call("hpc_preflight", Map.of("cluster", "waiting", "gpus", 1)));
      assertThat(pending.get("result").asText())
          .as("a failed check is an answer")
          .isEqualTo("FAIL");

      Instant asked = Instant.now();
      CallToolResult nodes = mcp.call("hpc_nodes", Map.of("cluster", "demo"));
      JsonNode demo = ok(nodes);
      assertThat(demo.get("scheduler").asText()).isEqualTo("mock");
      assertThat(demo.get("snapshotId").isNull()).as("the mock is read live").isTrue();
      assertThat(demo.get("age").asDouble()).isBetween(0.0, ExaMcp.secondsSince(asked));
      assertThat(demo.get("nodes")).hasSize(1);
      assertThat(demo.get("nodes").get(0).get("gpuCount").asInt()).isEqualTo(2);
      assertThat(text(nodes)).contains("1 of 1 nodes of demo");
      String state = demo.get("nodes").get(0).get("state").asText();
      assertThat(ok(mcp.call("hpc_nodes", Map.of("cluster", "demo", "state", state))).get("nodes"))
          .hasSize(1);
      assertThat(
              ok(mcp.call("hpc_nodes", Map.of("cluster", "demo", "partition", "nosuch")))
                  .get("nodes"))
          .isEmpty();
    }
  }

  @Test
  void theJobToolsAnswerWithARowOfHpcJobsAndTheLastLinesOfHpcLogs() throws Exception {
    try (ExaMcp mcp = ExaMcp.serve(env)) {
      JsonNode row = cliJson("hpc", "jobs", "--no-refresh", "--model", "JPCP").get("jobs").get(0);
      String id = row.get("id").asText();
      CallToolResult job = mcp.call("hpc_job", Map.of("job", id));
      ExaMcp.assertSameJson(ok(job), row);
      assertThat(text(job)).contains("job " + id).contains("completed").contains("exit code 0");
      ExaMcp.assertSameJson(
          ok(mcp.call("hpc_job", Map.of("job", row.get("schedulerJobId").asText()))), row);

      JsonNode logs = cliJson("hpc", "logs", id);
      assertThat(logs.get("text").asText()).contains("trained");
      ExaMcp.assertSameJson(ok(mcp.call("hpc_job_logs", Map.of("job", id))), logs);
      JsonNode last = ok(mcp.call("hpc_job_logs", Map.of("job", id, "lines", 1)));
      List<String> lines = logs.get("text").asText().lines().toList();
      assertThat(last.get("text").asText().strip()).isEqualTo(lines.get(lines.size() - 1));

      error(mcp.call("hpc_job", Map.of("job", "999999")), "UNKNOWN_JOB");
      assertThat(
              error(
                      mcp.call("hpc_job_logs", Map.of("job", id, "lines", 100_000)),
                      "INVALID_REQUEST")
                  .get("fields"))
          .extracting(JsonNode::asText)
          .containsExactly("lines");
    }
  }

  @Test
  void badCallsAreToolErrorsWithTheKindAMessageAndAHintAndTheServerGoesOn() {
    try (ExaMcp mcp = ExaMcp.serve(env)) {
      assertThatThrownBy(() -> mcp.call("hpc_nosuch", Map.of()))
          .as("an unknown tool is a protocol error")
          .isInstanceOfSatisfying(
              McpError.class,
              e -> {
                assertThat(e.getJsonRpcError().code())
                    .isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
                assertThat(e.getJsonRpcError().message())
                    .contains("hpc_nosuch")
                    .contains("hpc_clusters");
              });
      assertThat(
              error(
                      mcp.call("hpc_preflight", Map.of("gpus", "x", "partition", 1)),
                      "INVALID_REQUEST")
                  .get("fields"))
          .as("every argument the schema check names")
          .extracting(JsonNode::asText)
          .containsExactlyInAnyOrder("gpus", "partition", "cluster");
      assertThat(
              error(mcp.call("hpc_place", Map.of("gpus", 1, "colour", "red")), "INVALID_REQUEST")
                  .get("fields"))
          .extracting(JsonNode::asText)
          .containsExactly("colour");

      assertThat(error(mcp.call("hpc_place", Map.of()), "INVALID_REQUEST").get("message").asText())
          .contains("gpus");
      JsonNode two = error(mcp.call("hpc_place", Map.of("gpus", "two")), "INVALID_REQUEST");
      assertThat(two.get("message").asText()).contains("gpus").contains("integer");
      assertThat(two.get("fields")).extracting(JsonNode::asText).containsExactly("gpus");
      // issue 34: a count out of range is answered in the core's words, as on every surface
      // (the listed schema states the same limits: ArgumentLimitsTest), not the validator's
      JsonNode negative = error(mcp.call("hpc_place", Map.of("gpus", -1)), "INVALID_REQUEST");
      assertThat(negative.get("message").asText())
          .isEqualTo("GPUs must be 0 (a CPU-only job) or more, got -1");
      assertThat(negative.get("fields")).extracting(JsonNode::asText).containsExactly("gpus");
      assertThat(
              error(mcp.call("hpc_place", Map.of("gpus", 1, "nodes", 0)), "INVALID_REQUEST")
                  .get("message")
                  .asText())
          .isEqualTo("nodes must be at least 1, got 0");
      assertThat(
              error(mcp.call("hpc_place", Map.of("gpus", 1_000_001)), "INVALID_REQUEST")
                  .get("message")
                  .asText())
          .contains("GPUs must be at most " + io.examlops.fleet.model.GpuAsk.MAX);
      JsonNode huge =
          error(
              mcp.call(
                  "hpc_place", Map.of("gpus", new java.math.BigInteger("100000000000000000000"))),
              "INVALID_REQUEST");
      assertThat(huge.get("message").asText()).contains("gpus").contains("too large");
      assertThat(huge.get("fields")).extracting(JsonNode::asText).containsExactly("gpus");
      assertThat(
              error(mcp.call("hpc_place", Map.of("gpus", 1, "gpu", "a100")), "INVALID_REQUEST")
                  .get("message")
                  .asText())
          .contains("gpu");
      assertThat(
              error(mcp.call("hpc_jobs", Map.of("state", "sleeping")), "INVALID_REQUEST")
                  .get("message")
                  .asText())
          .contains("state");
      assertThat(
              error(
                      mcp.call(
                          "hpc_preflight", Map.of("cluster", "demo", "gpus", 1, "time", "soon")),
                      "INVALID_REQUEST")
                  .get("message")
                  .asText())
          .contains("time")
          .contains("soon");

      assertThat(
              error(mcp.call("hpc_nodes", Map.of("cluster", "nosuch")), "UNKNOWN_CLUSTER")
                  .get("message")
                  .asText())
          .contains("nosuch");
      assertThat(
              error(mcp.call("hpc_queue", Map.of("cluster", "nosuch")), "UNKNOWN_CLUSTER")
                  .get("message")
                  .asText())
          .contains("nosuch");
      JsonNode gate =
          error(mcp.call("hpc_place", Map.of("gpus", 1, "cluster", "waiting")), "NOT_APPROVED");
      assertThat(gate.get("message").asText()).contains("waiting").contains("PENDING");

      assertThat(ok(mcp.call("hpc_clusters", Map.of())).get("clusters")).hasSize(4);
    }
  }

  private static JsonNode cluster(JsonNode clusters, String name) {
    return StreamSupport.stream(clusters.get("clusters").spliterator(), false)
        .filter(c -> c.get("name").asText().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static JsonNode candidate(JsonNode place, String name) {
    return StreamSupport.stream(place.get("candidates").spliterator(), false)
        .filter(c -> c.get("cluster").asText().equals(name))
        .findFirst()
        .orElseThrow();
  }

  /** A capacity report less when its live figures were read, which differ between two reads. */
  /** The answer without when its data was read: two reads a moment apart differ only there. */
  private static JsonNode withoutTimes(JsonNode answer) {
    JsonNode copy = answer.deepCopy();
    if (copy.has("clusters")) {
      copy.get("clusters").forEach(c -> ((ObjectNode) c).remove("takenAt"));
    } else {
      ((ObjectNode) copy).remove("takenAt");
    }
    return copy;
  }
}
