package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.testing.HistoryRows;
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
    assertThat(JSON.readTree(all.out()).get("total").asInt())
        .as("the default page says how many there are")
        .isEqualTo(3);
    assertThat(JSON.readTree(all.out()).has("next")).as("and that none are left out").isFalse();
    assertThat(ExaRun.run(env, "hpc", "jobs", "--no-refresh").err())
        .as("nothing left out, nothing said")
        .isEmpty();

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
  void aListingShowsTheNewestHundredUnlessToldAndSaysHowToSeeTheRest() throws Exception {
    Path db = home.resolve("data").resolve("platform.db");
    int more = HistoryLimit.DEFAULT + 2;
    HistoryRows.jobs(db, "demo", "old", more); // ids 4 to DEFAULT + 5, after the three submitted
    HistoryRows.events(db, "old", "probe", "demo", more);

    ExaRun jobs = ExaRun.run(env, "--json", "hpc", "jobs", "--no-refresh");
    JsonNode page = JSON.readTree(jobs.out());
    assertThat(page.get("jobs")).hasSize(HistoryLimit.DEFAULT);
    assertThat(page.get("jobs").get(0).get("id").asInt()).isEqualTo(more + 3);
    assertThat(page.get("total").asInt()).isEqualTo(more + 3);
    long next = page.get("next").asLong();
    assertThat(next).isEqualTo(more + 3 - HistoryLimit.DEFAULT + 1);
    ExaRun table = ExaRun.run(env, "hpc", "jobs", "--no-refresh");
    assertThat(table.err())
        .isEqualTo(
            "exa: "
                + HistoryLimit.DEFAULT
                + " of "
                + (more + 3)
                + " jobs; the next page: --before "
                + next
                + " (--limit N or --all for more at once)\n");
    assertThat(table.out().lines()).hasSize(HistoryLimit.DEFAULT + 1);
    JsonNode rest =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "jobs", "--no-refresh", "--before", "" + next).out());
    assertThat(rest.get("jobs").findValuesAsText("id")).containsExactly("5", "4", "3", "2", "1");
    JsonNode all = JSON.readTree(ExaRun.run(env, "--json", "hpc", "jobs", "--all").out());
    assertThat(all.get("jobs")).hasSize(more + 3);
    ExaRun both = ExaRun.run(env, "hpc", "jobs", "--all", "--limit", "5");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("a limit of 5 and every row were both asked for");

    // The trail is read oldest first: the default is its latest events, as tail cuts a log.
    JsonNode trail = JSON.readTree(ExaRun.run(env, "--json", "hpc", "audit").out());
    JsonNode events = trail.get("events");
    assertThat(events).hasSize(HistoryLimit.DEFAULT);
    assertThat(events.get(HistoryLimit.DEFAULT - 1).get("details").get("n").asInt())
        .as("the latest last")
        .isEqualTo(more);
    assertThat(events.get(0).get("id").asLong())
        .isLessThan(events.get(HistoryLimit.DEFAULT - 1).get("id").asLong());
    int total = trail.get("total").asInt();
    assertThat(total).isGreaterThan(more);
    assertThat(trail.get("next").asLong()).isEqualTo(events.get(0).get("id").asLong());
    JsonNode newest =
        JSON.readTree(ExaRun.run(env, "--json", "hpc", "audit", "--newest-first").out());
    assertThat(newest.get("events").get(0)).isEqualTo(events.get(HistoryLimit.DEFAULT - 1));
    JsonNode older =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "audit", "--before", trail.get("next").asText())
                .out());
    assertThat(older.get("events")).hasSize(total - HistoryLimit.DEFAULT);
    assertThat(older.get("events").get(0).get("action").asText())
        .as("the oldest event of all")
        .isEqualTo("register");
    assertThat(ExaRun.run(env, "hpc", "audit").err())
        .contains("exa: " + HistoryLimit.DEFAULT + " of " + total + " events; the next page:");
    assertThat(
            JSON.readTree(ExaRun.run(env, "--json", "hpc", "audit", "--all").out()).get("events"))
        .hasSize(total);
  }

  @Test
  void aLostJobIsAskedAboutAgainOnlyWhenThePageShowsIt() throws Exception {
    Path db = home.resolve("data").resolve("platform.db");
    // A lost job whose id the mock cannot read: asking about it leaves a note that says so.
    HistoryRows.jobs(db, "demo", "old", 1, "LOST", "mock-gone");
    // Newer jobs beyond a page, and the one row more a page reads to tell whether another follows.
    HistoryRows.jobs(db, "demo", "old", HistoryLimit.DEFAULT + 1);

    ExaRun page = ExaRun.run(env, "hpc", "jobs");
    assertThat(page.exitCode()).as(page.err()).isZero();
    assertThat(page.err()).as("the lost job is not on the page").doesNotContain("mock-gone");
    ExaRun all = ExaRun.run(env, "hpc", "jobs", "--all");
    assertThat(all.err())
        .as("shown, it is asked about again")
        .contains("could not follow the jobs on demo")
        .contains("mock-gone1");
    assertThat(ExaRun.run(env, "hpc", "jobs", "--state", "lost").err()).contains("mock-gone1");
  }

  @Test
  void auditFiltersByActorAndActionNewestFirstAndLimited() throws Exception {
    JsonNode submits =
        JSON.readTree(
            ExaRun.run(env, "--json", "hpc", "audit", "--actor", "ann", "--action", "submit")
                .out());
    assertThat(submits.get("events")).hasSize(3);
    assertThat(submits.get("total").asInt()).isEqualTo(3);
    JsonNode every =
        JSON.readTree(
            ExaRun.run(
                    env, "--json", "hpc", "audit", "--actor", "ann", "--action", "submit", "--all")
                .out());
    assertThat(every.get("events")).hasSize(3);
    assertThat(every.has("total")).as("every event: no page to count").isFalse();

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
