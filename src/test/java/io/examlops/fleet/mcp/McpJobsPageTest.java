package io.examlops.fleet.mcp;

import static io.examlops.fleet.mcp.ExaMcp.structured;
import static io.examlops.fleet.mcp.ExaMcp.text;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.testing.HistoryRows;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hpc_jobs} answers the newest {@link HistoryLimit#DEFAULT} jobs unless given a limit, as
 * the CLI and the API do, and pages on with {@code before}: an agent is never handed a year of
 * history in one answer.
 */
class McpJobsPageTest {
  @TempDir Path home;

  @Test
  void theNewestPageByDefaultThenTheNextBelowItsNext() throws Exception {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 2));
    env.put("HOME", home.toString());
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    int more = HistoryLimit.DEFAULT + 2;
    HistoryRows.jobs(home.resolve("data").resolve("platform.db"), "demo", "old", more);

    try (ExaMcp mcp = ExaMcp.serve(env)) {
      CallToolResult first = mcp.call("hpc_jobs", Map.of("refresh", false));
      assertThat(first.isError()).as(first.content().toString()).isFalse();
      JsonNode page = structured(first);
      assertThat(page.get("jobs")).hasSize(HistoryLimit.DEFAULT);
      assertThat(page.get("total").asInt()).isEqualTo(more);
      assertThat(page.get("next").asInt()).isEqualTo(3);
      assertThat(text(first))
          .startsWith(HistoryLimit.DEFAULT + " tracked jobs of " + more + ", the newest")
          .contains("older ones: before 3");

      JsonNode rest =
          structured(mcp.call("hpc_jobs", Map.of("refresh", false, "before", 3, "limit", 5)));
      assertThat(rest.get("jobs").findValuesAsText("id")).containsExactly("2", "1");
      assertThat(rest.has("next")).isFalse();

      McpSchema.Tool tool =
          mcp.client().listTools().tools().stream()
              .filter(t -> t.name().equals("hpc_jobs"))
              .findFirst()
              .orElseThrow();
      Map<?, ?> properties = (Map<?, ?>) tool.inputSchema().get("properties");
      assertThat(properties.containsKey("limit") && properties.containsKey("before")).isTrue();
      assertThat(properties.get("limit").toString())
          .as("the schema tells agents the default every surface uses")
          .contains("default " + HistoryLimit.DEFAULT + ")");
    }
  }
}
