package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exa hpc jobs --user --token --limit --before} and {@code exa hpc audit --actor --action
 * --newest-first --limit}: the filters and pages of the console's Jobs and Activity pages, from the
 * command line; without them, the output is as before.
 */
class HistoryOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  private Map<String, String> env;
  private final List<String> ids = new ArrayList<>();

  @BeforeEach
  void threeJobsOnAMockCluster() throws Exception {
    env = new java.util.HashMap<>(ExaRun.fleetIn(home, "ann", 4));
    env.put("PATH", "/usr/bin:/bin");
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();
    Path quick = Files.writeString(home.resolve("quick.sh"), "#!/bin/sh\necho done\n");
    for (int i = 0; i < 3; i++) {
      ExaRun submitted =
          ExaRun.run(
              env, "--json", "hpc", "submit", "--cluster", "demo", "--wait", quick.toString());
      assertThat(submitted.exitCode()).as(submitted.err()).isZero();
      ids.add(0, JSON.readTree(submitted.out()).get("job").get("id").asText());
    }
  }

  @Test
  void jobsPagesTheNewestAndSaysHowManyThereAreAndWhereTheNextPageStarts() throws Exception {
    ExaRun all = ExaRun.run(env, "--json", "hpc", "jobs", "--no-refresh");
    DocumentedShapes.cliReference().assertMatches("hpc jobs", all.out());
    assertThat(JSON.readTree(all.out()).has("total")).isFalse();

    ExaRun two = ExaRun.run(env, "hpc", "jobs", "--no-refresh", "--user", "ann", "--limit", "2");
    assertThat(two.exitCode()).as(two.err()).isZero();
    assertThat(two.err()).contains("exa: 2 of 3 jobs; the next page: --before " + ids.get(1));
    JsonNode page =
        JSON.readTree(
            ExaRun.run(
                    env,
                    "--json",
                    "hpc",
                    "jobs",
                    "--no-refresh",
                    "--limit",
                    "2",
                    "--before",
                    ids.get(1))
                .out());
    assertThat(page.get("jobs").findValuesAsText("id")).containsExactly(ids.get(2));
    assertThat(page.get("total").asInt()).isEqualTo(3);
    assertThat(page.has("next")).isFalse();
    JsonNode nobody =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "jobs", "--no-refresh", "--user", "bob").out());
    assertThat(nobody.get("jobs")).isEmpty();
    JsonNode untokened =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "jobs", "--no-refresh", "--token", "1a2b3c4d").out());
    assertThat(untokened.get("jobs")).as("these were submitted without a token").isEmpty();

    ExaRun zero = ExaRun.run(env, "hpc", "jobs", "--limit", "0");
    assertThat(zero.exitCode()).isEqualTo(2);
    assertThat(zero.err()).contains("the limit 0 is not from 1 to 10000 jobs");
    ExaRun badToken = ExaRun.run(env, "hpc", "jobs", "--token", "ci token");
    assertThat(badToken.err()).contains("'ci token' is not an API token's id");
  }

  @Test
  void auditFiltersByActorAndActionNewestFirstAndLimited() throws Exception {
    JsonNode submits =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "audit", "--actor", "ann", "--action", "submit")
                .out());
    assertThat(submits.get("events")).hasSize(3);
    assertThat(submits.has("total")).isFalse();

    ExaRun latest = ExaRun.run(env, "--json", "hpc", "audit", "--newest-first", "--limit", "1");
    JsonNode last = JSON.readTree(latest.out());
    assertThat(last.get("events")).hasSize(1);
    assertThat(last.get("events").get(0).get("action").asText()).isEqualTo("submit");
    assertThat(last.get("events").get(0).get("details").get("job").asText()).isEqualTo(ids.get(0));
    assertThat(last.get("total").asInt()).isGreaterThan(4);

    ExaRun human = ExaRun.run(env, "hpc", "audit", "--action", "approve", "--limit", "5");
    assertThat(human.err()).contains("exa: 1 of 1 events");
    assertThat(human.out()).contains("approve").doesNotContain("submit");
    ExaRun bad = ExaRun.run(env, "hpc", "audit", "--action", "Approve!");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("'Approve!' is not an action of the trail");
  }
}
