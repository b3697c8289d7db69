package io.examlops.fleet.mcp;

import static io.examlops.fleet.mcp.ExaMcp.structured;
import static io.examlops.fleet.mcp.ExaMcp.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import io.examlops.fleet.testing.WithoutAges;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool of the real {@code exa mcp serve}, driven by the SDK's client, against the real Slurm
 * testbed over real SSH ("tc", approved through MCP) and a PENDING registration of the same host
 * ("waiting"). Testbed state (scripts/testbed/slurm-states.sh): g1 holds 2 of its 4 a100 for a job,
 * g2's 2 v100 are free.
 */
class McpSlurmIT {
  @TempDir static Path home;
  private static Map<String, String> env;

  @BeforeAll
  static void theTestbedRegistered() throws Exception {
    env =
        TestbedFleet.in(home)
            .with("HOME", home.toString())
            .with("EXAMLOPS_ACTOR", "ann")
            .connectSlurm("tc")
            .connectSlurm("waiting")
            .env();
  }

  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    TestbedStates.awaitOnlyTheHolds(env);
  }

  private static JsonNode cli(String... args) throws Exception {
    return TestbedFleet.json(ExaRun.run(env, args));
  }

  private static JsonNode ok(CallToolResult result) {
    assertThat(result.isError()).as(result.content().toString()).isFalse();
    return structured(result);
  }

  @Test
  void everyToolAgainstTheRealSlurmTestbed() throws Exception {
    try (ExaMcp mcp = ExaMcp.serve(env, "--allow-writes")) {
      CallToolResult gate = mcp.call("hpc_place", Map.of("gpus", 2, "cluster", "tc"));
      assertThat(gate.isError()).isTrue();
      assertThat(structured(gate).get("error").get("kind").asText()).isEqualTo("NOT_APPROVED");

      JsonNode approved = ok(mcp.call("hpc_approve_cluster", Map.of("cluster", "tc")));
      assertThat(approved.get("approvedBy").asText()).isEqualTo("ann");
      assertThat(approved.get("pinned").get("port").asInt()).isEqualTo(Testbed.PORT);
      assertThat(approved.get("pinned").get("hostKeyFingerprint").asText()).startsWith("SHA256:");

      JsonNode clusters = ok(mcp.call("hpc_clusters", Map.of()));
      ExaMcp.assertSameJson(clusters, cli("--json", "hpc", "clusters"));
      assertThat(ExaMcp.each(clusters.get("clusters"), "state"))
          .containsExactly("ACTIVE", "PENDING");

      Instant asked = Instant.now();
      JsonNode live = ok(mcp.call("hpc_nodes", Map.of("cluster", "tc")));
      assertThat(live.get("snapshotId").isNull()).as("no snapshot yet: read live").isTrue();
      assertThat(live.get("scheduler").asText()).isEqualTo("slurm");
      assertThat(live.get("target").asText()).contains("hpcuser@127.0.0.1:2222");
      assertThat(live.get("age").asDouble()).isBetween(0.0, ExaMcp.secondsSince(asked));

      Instant saving = Instant.now();
      JsonNode saved = cli("--json", "hpc", "nodes", "--save", "--cluster", "tc");
      CallToolResult snapshotCall = mcp.call("hpc_nodes", Map.of("cluster", "tc"));
      JsonNode snapshot = ok(snapshotCall);
      assertThat(snapshot.get("snapshotId").asLong()).isEqualTo(saved.get("snapshotId").asLong());
      assertThat(snapshot.get("age").asDouble()).isBetween(0.0, ExaMcp.secondsSince(saving));
      assertThat(text(snapshotCall)).contains("from snapshot " + saved.get("snapshotId").asLong());
      ExaMcp.assertSameJson(snapshot.get("nodes"), saved.get("nodes"));
      assertThat(names(ok(mcp.call("hpc_nodes", Map.of("cluster", "tc", "partition", "gpu")))))
          .containsExactly("g1", "g2");
      assertThat(names(ok(mcp.call("hpc_nodes", Map.of("cluster", "tc", "state", "mixed")))))
          .contains("g1")
          .doesNotContain("g2");
      assertThat(names(ok(mcp.call("hpc_nodes", Map.of("cluster", "tc", "live", true)))))
          .isEqualTo(names(snapshot));

      CallToolResult place = mcp.call("hpc_place", Map.of("gpus", 2));
      JsonNode placed = ok(place);
      assertThat(placed.get("chosen").asText()).isEqualTo("tc");
      assertThat(placed.get("partition").asText()).isEqualTo("gpu");
      assertThat(text(place)).startsWith("chose slurm@tc");
      ExaMcp.assertSameJson(
          WithoutAges.of(placed), WithoutAges.of(cli("--json", "hpc", "place", "--gpus", "2")));
      assertThat(ExaMcp.each(placed.get("candidates"), "reason"))
          .anyMatch(r -> r.contains("PENDING"));
      JsonNode tooBig = ok(mcp.call("hpc_place", Map.of("gpus", 9, "cluster", "tc")));
      assertThat(tooBig.get("chosen").isNull()).as("tc has 6 GPUs in all").isTrue();
      assertThat(ExaMcp.each(tooBig.get("candidates"), "outcome")).containsExactly("CANNOT_FIT");

      JsonNode queue = ok(mcp.call("hpc_queue", Map.of("cluster", "tc")));
      assertThat(ExaMcp.each(queue.get("jobs"), "name")).anyMatch(n -> n.startsWith("hold-"));
      assertThat(ExaMcp.each(queue.get("jobs"), "id"))
          .isEqualTo(
              ExaMcp.each(cli("--json", "hpc", "queue", "--cluster", "tc").get("jobs"), "id"));

      JsonNode preflight =
          ok(
              mcp.call(
                  "hpc_preflight",
                  Map.of("cluster", "tc", "gpus", 2, "partition", "gpu", "account", "ml")));
      assertThat(preflight.get("result").asText()).isEqualTo("PASS");
      JsonNode badAccount =
          ok(
              mcp.call(
                  "hpc_preflight",
                  Map.of("cluster", "tc", "gpus", 1, "partition", "gpu", "account", "nosuchacct")));
      assertThat(badAccount.get("result").asText()).isEqualTo("FAIL");
      assertThat(badAccount.get("checks").toString()).contains("ACCOUNT");

      Path script = home.resolve("probe.sh");
      Files.writeString(script, "#!/bin/bash\necho probe\n");
      JsonNode submitted =
          cli(
                  "--json",
                  "pipeline",
                  "run",
                  "--model",
                  "JPCP",
                  "--dataset",
                  "D",
                  "--cluster",
                  "tc",
                  "--gpus",
                  "0",
                  "--script",
                  script.toString(),
                  "--wait",
                  "--wait-timeout",
                  "120")
              .get("job");
      JsonNode jobs = ok(mcp.call("hpc_jobs", Map.of("cluster", "tc", "model", "JPCP")));
      assertThat(jobs.get("jobs")).hasSize(1);
      assertThat(jobs.get("jobs").get(0).get("schedulerJobId").asText())
          .isEqualTo(submitted.get("schedulerJobId").asText());
      assertThat(jobs.get("jobs").get(0).get("state").asText()).isEqualTo("completed");
      String id = jobs.get("jobs").get(0).get("id").asText();
      JsonNode job = ok(mcp.call("hpc_job", Map.of("job", id)));
      ExaMcp.assertSameJson(job, jobs.get("jobs").get(0));
      assertThat(job.get("exitCode").asInt()).isZero();
      JsonNode output = ok(mcp.call("hpc_job_logs", Map.of("job", id, "lines", 1)));
      assertThat(output.get("found").asBoolean()).isTrue();
      assertThat(output.get("text").asText().strip()).isEqualTo("probe");

      JsonNode capacity = ok(mcp.call("hpc_capacity", Map.of()));
      assertThat(ExaMcp.each(capacity.get("clusters"), "cluster")).containsExactly("tc");
      assertThat(capacity.get("totalGpus").asInt()).isEqualTo(6);
      assertThat(capacity.get("idleGpus").asInt()).isEqualTo(4);

      JsonNode rejected =
          ok(
              mcp.call(
                  "hpc_reject_cluster",
                  Map.of("cluster", "waiting", "reason", "a second name for tc")));
      assertThat(rejected.get("state").asText()).isEqualTo("REJECTED");
    }
    JsonNode audit = cli("--json", "hpc", "audit");
    assertThat(ExaMcp.each(audit.get("events"), "surface")).contains("mcp:" + ExaMcp.CLIENT);
  }

  private static Set<String> names(JsonNode nodes) {
    return new TreeSet<>(ExaMcp.each(nodes.get("nodes"), "name"));
  }
}
