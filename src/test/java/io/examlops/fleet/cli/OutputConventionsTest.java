package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One JSON convention (camelCase keys, ISO-8601 UTC times with milliseconds, seconds with one
 * decimal) and the human output's words and figures, on the mock backend with real files.
 */
class OutputConventionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern TIME =
      Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");

  @TempDir static Path home;

  private static ExaRun exa(String... args) {
    ExaRun run = ExaRun.run(ExaRun.fleetIn(home, "carol", 1), args);
    assertThat(run.exitCode()).as(String.join(" ", args) + ": " + run.err()).isZero();
    return run;
  }

  @BeforeAll
  static void anActiveMockClusterWithOneFinishedJob() throws Exception {
    exa("hpc", "connect", "local", "--name", "dev", "--scheduler", "mock");
    exa("hpc", "approve", "dev");
    Path script = Files.writeString(home.resolve("job.sh"), "#!/bin/sh\necho done\n");
    exa("hpc", "submit", "--cluster", "dev", "--wait", script.toString());
  }

  @Test
  void auditDetailsAreCamelCaseAlsoForEventsStoredInSnakeCase() throws Exception {
    try (Connection c =
            DriverManager.getConnection("jdbc:sqlite:" + home.resolve("data/platform.db"));
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO audit_events (at, actor, action, cluster, details_json)"
                    + " VALUES ('2026-01-01T00:00:00.000Z', 'old', 'probe', 'dev', ?)")) {
      s.setString(
          1, "{\"previous_state\":\"PENDING\",\"capabilities\":{\"gpu_types\":[\"a100\"]}}");
      s.executeUpdate();
    }

    JsonNode events = JSON.readTree(exa("--json", "hpc", "audit").out()).get("events");

    List<String> keys = new ArrayList<>();
    events.forEach(e -> collectKeys(e.get("details"), keys));
    assertThat(keys)
        .contains("previousState", "gpuTypes", "schedulerJobId")
        .noneMatch(k -> k.contains("_"));
    assertThat(events).extracting(e -> e.get("action").asText()).contains("submit");
    events.forEach(e -> assertThat(e.get("at").asText()).matches(TIME));
  }

  @Test
  void timesHaveMillisecondsAndAgesOneDecimal() throws Exception {
    JsonNode capacity = JSON.readTree(exa("--json", "hpc", "capacity").out());
    assertThat(capacity.at("/clusters/0/takenAt").asText()).matches(TIME);

    exa("hpc", "nodes", "--save", "--cluster", "dev");
    JsonNode place = JSON.readTree(exa("--json", "hpc", "place", "--gpus", "1").out());
    String age = place.at("/candidates/0/dataAge").toString();
    assertThat(age).matches("\\d+(\\.\\d)?");

    JsonNode job = JSON.readTree(exa("--json", "hpc", "jobs").out()).at("/jobs/0");
    assertThat(job.get("submittedAt").asText()).matches(TIME);
    assertThat(job.get("startedAt").asText()).matches(TIME);
    assertThat(job.get("endedAt").asText()).matches(TIME);
  }

  @Test
  void countsReadAsWordsAndGpuHoursHaveTwoDecimalsEverywhere() {
    ExaRun connect = exa("hpc", "connect", "local", "--name", "other", "--scheduler", "mock");
    assertThat(connect.out()).contains("1 node, 1 GPU (1 idle)");

    String jobs = exa("hpc", "jobs").out();
    assertThat(jobs.lines().skip(1)).allSatisfy(row -> assertThat(row).containsPattern(" 0\\.00 "));
    String capacity = exa("hpc", "capacity").out();
    assertThat(capacity).contains("0.00 GPU-h").containsPattern("snapshot " + TIME.pattern());
  }

  @Test
  void submitSaysWhereTheOutputWent() throws Exception {
    Path script = Files.writeString(home.resolve("two.sh"), "#!/bin/sh\necho two\n");
    ExaRun human = exa("hpc", "submit", "--cluster", "dev", "--wait", script.toString());
    String output =
        human.out().lines().filter(l -> l.contains("output: ")).findFirst().orElseThrow();
    assertThat(output).as("the file is on the cluster, named").endsWith(" on dev");
    Path file =
        Path.of(output.substring(output.indexOf("output: ") + 8, output.lastIndexOf(" on dev")));
    assertThat(file).hasContent("two");
    assertThat(human.out()).contains("(two, 1 GPU)");

    ExaRun json = exa("--json", "hpc", "submit", "--cluster", "dev", "--wait", script.toString());
    DocumentedShapes.cliReference().assertMatches("hpc submit", json.out());
    assertThat(JSON.readTree(json.out()).get("output").asText()).endsWith("/output.log");
  }

  private static void collectKeys(JsonNode node, List<String> keys) {
    if (node == null) {
      return;
    }
    if (node.isObject()) {
      node.fieldNames().forEachRemaining(keys::add);
    }
    node.forEach(child -> collectKeys(child, keys));
  }
}
