package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.mcp.ExaMcp;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The damaged-store table: platform.db changed behind exa's back (a row no exa wrote, a column of
 * JSON that is not JSON, a table dropped), then read by the real {@code exa} and by the real {@code
 * exa mcp serve} over JSON-RPC on stdio. The CLI exits 6 naming the file and a fix; the MCP tool
 * answers an error of kind {@code STORE} naming the file; neither shows a Java class name or a
 * stack trace.
 */
class DamagedStoreIT {
  private static final List<String> JAVA =
      List.of("No enum constant", "Exception", "java.", "SQLITE_", "at io.examlops");

  @TempDir Path root;
  private Path db;
  private ExaProcess exa;

  @BeforeEach
  void anActiveMockClusterWithAJob() throws Exception {
    db = root.resolve("data/platform.db");
    exa = ExaProcess.onStores(root, root.resolve("clusters.yaml"), db);
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
    java.nio.file.Files.writeString(root.resolve("job.sh"), "#!/bin/sh\necho done\n");
    exa.prepare("hpc", "submit", "--cluster", "demo", "--wait", root.resolve("job.sh").toString());
  }

  /**
   * A damage and what reads it: name, the SQL that damages, the CLI command (after {@code hpc}),
   * the MCP tool and its arguments (a write tool runs on a server with writes enabled).
   */
  static Stream<Arguments> damages() {
    Map<String, Object> none = Map.of();
    Map<String, Object> reject = Map.of("cluster", "demo", "reason", "retired");
    return Stream.of(
        Arguments.of(
            "a job state no exa writes",
            "UPDATE hpc_jobs SET state = 'EXPLODED'",
            List.of("jobs"),
            "hpc_jobs",
            none),
        Arguments.of(
            "a job time that is not a time",
            "UPDATE hpc_jobs SET submitted_at = 'yesterday'",
            List.of("jobs"),
            "hpc_jobs",
            none),
        Arguments.of(
            "the jobs table dropped", "DROP TABLE hpc_jobs", List.of("jobs"), "hpc_jobs", none),
        Arguments.of(
            "a cluster's capabilities that are not JSON",
            "UPDATE hpc_clusters SET capabilities_json = '{not json'",
            List.of("clusters"),
            "hpc_clusters",
            none),
        Arguments.of(
            "a pinned setting that is JSON of another shape",
            "UPDATE hpc_clusters SET pinned_settings_json = '[1,2]'",
            List.of("clusters"),
            "hpc_clusters",
            none),
        Arguments.of(
            "a cluster state no exa writes",
            "UPDATE hpc_clusters SET state = 'MELTED'",
            List.of("clusters"),
            "hpc_clusters",
            none),
        Arguments.of(
            "the clusters table dropped",
            "DROP TABLE hpc_clusters",
            List.of("clusters"),
            "hpc_clusters",
            none),
        Arguments.of(
            "a column of the clusters table dropped",
            "ALTER TABLE hpc_clusters DROP COLUMN requested_by",
            List.of("clusters"),
            "hpc_clusters",
            none),
        Arguments.of(
            "the audit table dropped, then a decision",
            "DROP TABLE audit_events",
            List.of("audit"),
            "hpc_reject_cluster",
            reject));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("damages")
  void theCliExitsSixAndMcpAnswersStoreNamingTheFile(
      String name, String damage, List<String> cli, String tool, Map<String, Object> arguments)
      throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute("PRAGMA ignore_check_constraints = ON");
      s.execute(damage);
    }
    Map<String, List<String>> before = StoredState.rows(db);

    List<String> args = new java.util.ArrayList<>(List.of("hpc"));
    args.addAll(cli);
    ExaProcess.Result read = exa.run(args.toArray(String[]::new));

    assertThat(read.exitCode()).as(name + ": " + read.all()).isEqualTo(6);
    assertThat(read.err()).as(name).contains(db.toString()).contains("backup");
    for (String java : JAVA) {
      assertThat(read.all()).as(name).doesNotContain(java);
    }

    try (ExaMcp mcp = ExaMcp.serve(env(), "--allow-writes")) {
      CallToolResult result = mcp.call(tool, arguments);

      assertThat(result.isError()).as(name + ": " + result.content()).isTrue();
      JsonNode error = ExaMcp.structured(result).get("error");
      assertThat(error.get("kind").asText()).as(name + ": " + error).isEqualTo("STORE");
      assertThat(error.get("message").asText()).as(name).contains(db.toString());
      for (String java : JAVA) {
        assertThat(error.toString()).as(name).doesNotContain(java);
        assertThat(mcp.stderr()).as(name).doesNotContain(java);
      }
    }
    assertThat(StoredState.rows(db)).as(name + ": nothing half-written").isEqualTo(before);
  }

  private Map<String, String> env() {
    return Map.of(
        "HOME", root.toString(),
        "EXAMLOPS_HPC_REGISTRY", root.resolve("clusters.yaml").toString(),
        "EXAMLOPS_PLATFORM_DB", db.toString(),
        "EXAMLOPS_ACTOR", "ann");
  }
}
