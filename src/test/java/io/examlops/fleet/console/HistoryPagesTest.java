package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.Eventually;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Jobs and Activity pages and their CSV over HTTP, as a signed-in browser and an API token read
 * them: filters in the URL, pages cut by the store at their boundaries, a refused filter named
 * beside its field, CSV quoted and safe to open in a spreadsheet; a job's page, its output's tail,
 * and who may cancel it (the gateway's rule: its submitter or an admin); the Capacity page's
 * GPU-hours per model over the fleet's history.
 */
class HistoryPagesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String FLEET = ApiRoutes.BASE;

  @TempDir Path dir;
  private ConsoleFixture console;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha", "beta");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private static Document html(HttpResponse<String> r) {
    return Jsoup.parse(r.body());
  }

  private static List<String> ids(Document page) {
    return page.select("#jobs tbody tr a.job-link").eachText();
  }

  private static String q(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private HttpResponse<String> api(String path, String token) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + path))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theJobsPageListsWhatTheUrlsFiltersSelectFiftyAPageNewestFirst() throws Exception {
    History.jobs(console, "alpha", "ann", null, 120); // jobs 1 to 120
    History.jobs(console, "beta", "bob", "1a2b3c4d", 5); // 121 to 125
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);

    Document all = html(vic.get("/jobs"));
    assertThat(ids(all)).hasSize(50).startsWith("#125", "#124").endsWith("#76");
    assertThat(all.selectFirst("#pager-where").text()).isEqualTo("1-50 of 125 jobs · page 1 of 3");
    assertThat(all.select("#page-previous")).isEmpty();
    assertThat(all.selectFirst("#page-next").attr("href")).isEqualTo("/jobs?page=2");
    assertThat(all.selectFirst("#page-last").attr("href")).isEqualTo("/jobs?page=3");
    Element newest = all.selectFirst("#job-125");
    assertThat(newest.selectFirst("td.cluster a").attr("href")).isEqualTo("/clusters/beta");
    assertThat(newest.selectFirst(".user").text()).isEqualTo("bob");
    assertThat(newest.selectFirst(".token").text()).isEqualTo("1a2b3c4d");
    assertThat(newest.selectFirst("td.exit").text()).isEqualTo("0");
    assertThat(newest.selectFirst("td.duration").text()).isEqualTo("1 h 00 min");
    assertThat(newest.selectFirst("td.gpu-hours").text()).isEqualTo("2.00");
    assertThat(newest.selectFirst("a.output-link").attr("href")).isEqualTo("/jobs/125#output");

    Document third = html(vic.get("/jobs?user=ann&page=3"));
    assertThat(ids(third)).as("the last page holds what is left").hasSize(20).startsWith("#20");
    assertThat(ids(third).get(19)).isEqualTo("#1");
    assertThat(third.selectFirst("#pager-where").text())
        .isEqualTo("101-120 of 120 jobs · page 3 of 3");
    assertThat(third.selectFirst("#page-previous").attr("href"))
        .as("a page link keeps the filters")
        .isEqualTo("/jobs?user=ann&page=2");
    assertThat(third.select("#page-next")).isEmpty();
    assertThat(third.selectFirst("#user").val()).isEqualTo("ann");
    assertThat(third.selectFirst("#csv").attr("href")).isEqualTo("/jobs.csv?user=ann");

    HttpResponse<String> past = vic.get("/jobs?user=ann&page=4");
    assertThat(past.statusCode()).isEqualTo(200);
    assertThat(html(past).selectFirst("#problem").text())
        .isEqualTo("There is no page 4: the filters select 120 jobs, 3 pages of 50.");
    assertThat(ids(html(past))).isEmpty();
    assertThat(html(past).selectFirst("#page-previous").attr("href"))
        .isEqualTo("/jobs?user=ann&page=3");

    Document filtered = html(vic.get("/jobs?cluster=beta&state=completed&token=1a2b3c4d"));
    assertThat(ids(filtered)).containsExactly("#125", "#124", "#123", "#122", "#121");
    assertThat(filtered.selectFirst("#cluster option[selected]").val()).isEqualTo("beta");
    assertThat(filtered.selectFirst("#state option[selected]").val()).isEqualTo("completed");
    assertThat(html(vic.get("/jobs?cluster=beta&user=ann")).selectFirst("#no-jobs").text())
        .isEqualTo("No job matches these filters.");
    assertThat(ids(html(vic.get("/jobs?user=+ann+&cluster=&state=&token="))))
        .as("blank filters are none; a value is stripped")
        .hasSize(50)
        .startsWith("#120");
  }

  @Test
  void aFilterTheCoreRefusesComesBackBesideItsFieldInTheCoresWords() throws Exception {
    History.jobs(console, "alpha", "ann", null, 3);
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);

    HttpResponse<String> state = vic.get("/jobs?state=bogus&user=ann");
    assertThat(state.statusCode()).isEqualTo(400);
    assertThat(state.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
    Document page = html(state);
    assertThat(page.selectFirst("#filter-state #problem-state").text())
        .startsWith("'bogus' is not a job state; use one of submitting, submitted, pending");
    assertThat(page.selectFirst("#state option[selected]").val())
        .as("the form shows what the URL gave")
        .isEqualTo("bogus");
    assertThat(page.selectFirst("#filter-state").hasClass("refused")).isTrue();
    assertThat(page.select("#problem-user")).isEmpty();
    assertThat(page.selectFirst("#refused")).isNotNull();
    assertThat(page.select("#jobs")).as("nothing listed under a refused filter").isEmpty();

    HttpResponse<String> nope = vic.get("/jobs?cluster=nope&token=" + q("not a token"));
    assertThat(nope.statusCode()).as("as the API: no such cluster is 404").isEqualTo(404);
    assertThat(html(nope).selectFirst("#problem-cluster").text())
        .startsWith("no cluster named 'nope'");
    assertThat(html(nope).selectFirst("#problem-token").text())
        .startsWith("'not a token' is not an API token's id");

    assertThat(html(vic.get("/jobs?cluster=Bad%20Name")).selectFirst("#problem-cluster").text())
        .startsWith("invalid cluster name 'Bad Name'");
    assertThat(html(vic.get("/jobs?user=" + q("ann\u202Eb"))).selectFirst("#problem-user").text())
        .contains("bidirectional");
    HttpResponse<String> badPage = vic.get("/jobs?page=zero");
    assertThat(badPage.statusCode()).isEqualTo(400);
    assertThat(html(badPage).selectFirst("#problem").text())
        .isEqualTo("page='zero' is not a page: pages are numbered from 1");

    HttpResponse<String> csv = vic.get("/jobs.csv?state=bogus");
    assertThat(csv.statusCode()).isEqualTo(400);
    assertThat(html(csv).selectFirst("#problem-state"))
        .as("the CSV's page, not a raw 400")
        .isNotNull();

    HttpResponse<String> activity = vic.get("/activity?action=" + q("Not An Action") + "&actor=");
    assertThat(activity.statusCode()).isEqualTo(400);
    assertThat(html(activity).selectFirst("#problem-action").text())
        .startsWith("'Not An Action' is not an action of the trail");
  }

  @Test
  void theCsvHoldsEveryMatchingJobQuotedAndSafeToOpenInASpreadsheet() throws Exception {
    // more than one chunk of the store (1000 rows), so that the chunks are seen to join
    History.jobs(console, "alpha", "ann", null, HistoryPages.CSV_CHUNK + 5);
    History.jobs(
        console,
        List.of(
            new History.Row("beta", "=HYPERLINK(\"http://x\")", "ann", null, "FAILED", 1, null),
            new History.Row("beta", "a,\"b\"", "ann", null, "FAILED", -1, "line one\nline two"),
            new History.Row("beta", "+1", "@ann", null, "FAILED", 2, "-2 left"),
            new History.Row("beta", "plain", "bob", null, "FAILED", 3, null)));
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);

    HttpResponse<String> all = vic.get("/jobs.csv?cluster=alpha");
    assertThat(all.statusCode()).isEqualTo(200);
    assertThat(all.headers().firstValue("Content-Type").orElseThrow())
        .isEqualTo("text/csv; charset=utf-8");
    assertThat(all.headers().firstValue("Content-Disposition").orElseThrow())
        .isEqualTo("attachment; filename=\"jobs.csv\"");
    assertThat(all.headers().firstValue("Cache-Control").orElseThrow()).isEqualTo("no-store");
    List<List<String>> rows = History.csv(all.body());
    assertThat(rows.get(0))
        .containsExactly(
            "id",
            "cluster",
            "scheduler_job_id",
            "name",
            "model",
            "dataset",
            "user",
            "token",
            "state",
            "exit_code",
            "submitted_at",
            "started_at",
            "ended_at",
            "elapsed_seconds",
            "gpus",
            "nodes",
            "partition",
            "gpu_hours",
            "reason",
            "output");
    List<String> ids = rows.subList(1, rows.size()).stream().map(r -> r.get(0)).toList();
    assertThat(ids)
        .as("every matching job once, newest first")
        .hasSize(1005)
        .doesNotHaveDuplicates();
    assertThat(ids.get(0)).isEqualTo("1005");
    assertThat(ids.get(1004)).isEqualTo("1");
    assertThat(rows.get(1).subList(1, 4)).containsExactly("alpha", "mock-901005", "train-1005");
    assertThat(rows.get(1).get(8)).isEqualTo("completed");
    assertThat(rows.get(1).get(10)).isEqualTo("2026-01-01T16:45:00.000Z");
    assertThat(rows.get(1).get(17)).isEqualTo("2.0");

    List<List<String>> beta =
        History.csv(vic.get("/jobs.csv?cluster=beta&user=" + q("@ann")).body());
    assertThat(beta).hasSize(2);
    assertThat(beta.get(1).get(3)).as("a formula's first character is made text").isEqualTo("'+1");
    assertThat(beta.get(1).get(6)).isEqualTo("'@ann");
    assertThat(beta.get(1).get(18)).isEqualTo("'-2 left");

    String raw = vic.get("/jobs.csv?cluster=beta&user=ann").body();
    assertThat(raw)
        .contains(",\"'=HYPERLINK(\"\"http://x\"\")\",")
        .contains(",\"a,\"\"b\"\"\",")
        .contains(",-1,")
        .as("a number is written as it is")
        .contains(",\"line one\nline two\",");
    List<List<String>> ann = History.csv(raw);
    assertThat(ann).hasSize(3);
    assertThat(ann.get(1).get(3)).isEqualTo("a,\"b\"");
    assertThat(ann.get(1).get(18)).isEqualTo("line one\nline two");
    assertThat(ann.get(2).get(3)).isEqualTo("'=HYPERLINK(\"http://x\")");
  }

  @Test
  void theActivityPageAndItsCsvListTheTrailNewestFirstWithLinksAndFilters() throws Exception {
    Actor formula = new Actor("=SUM(1+1)", Actor.CLI);
    console
        .fleet
        .governance()
        .reject(formula, new RejectRequest("beta", "wrong \"account\", x", null));
    History.events(console, "robot", "snapshot", "alpha", 60);
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);

    Document page = html(vic.get("/activity"));
    assertThat(page.select("#audit tbody tr")).hasSize(50);
    assertThat(page.selectFirst("#audit tbody tr td.actor").text()).isEqualTo("robot via cli");
    assertThat(page.selectFirst("#audit tbody tr td.cluster a").attr("href"))
        .isEqualTo("/clusters/alpha");
    assertThat(page.selectFirst("#audit tbody tr td.actor a").attr("href"))
        .isEqualTo("/activity?actor=robot");
    long total =
        console
            .fleet
            .governance()
            .audit(io.examlops.fleet.governance.AuditRequest.ALL)
            .events()
            .size();
    assertThat(page.selectFirst("#pager-where").text())
        .isEqualTo("1-50 of " + total + " events · page 1 of " + ((total + 49) / 50));

    Document robot = html(vic.get("/activity?actor=robot&action=snapshot&cluster=alpha&page=2"));
    assertThat(robot.select("#audit tbody tr")).hasSize(10);
    assertThat(robot.select("#audit tbody tr td.details").last().text()).isEqualTo("N: 1");

    Document rejected = html(vic.get("/activity?action=reject"));
    Element row = rejected.selectFirst("#audit tbody tr");
    assertThat(row.selectFirst("td.actor").text()).isEqualTo("=SUM(1+1) via cli");
    assertThat(row.selectFirst("td.details").text()).contains("Reason: wrong \"account\", x");

    String csv = vic.get("/activity.csv?action=reject").body();
    List<List<String>> rows = History.csv(csv);
    assertThat(rows.get(0))
        .containsExactly("id", "at", "actor", "surface", "action", "cluster", "details");
    assertThat(rows).hasSize(2);
    assertThat(rows.get(1).get(2)).isEqualTo("'=SUM(1+1)");
    assertThat(rows.get(1).subList(3, 6)).containsExactly("cli", "reject", "beta");
    assertThat(JSON.readTree(rows.get(1).get(6)).get("reason").asText())
        .isEqualTo("wrong \"account\", x");
    assertThat(History.csv(vic.get("/activity.csv?actor=robot").body())).hasSize(61);
  }

  @Test
  void refusedAttemptsAreOnTheActivityPageItsFilterAndItsCsv() throws Exception {
    assertThat(
            ConsoleFixture.signIn(http, console.base, "=HYPERLINK(\"x\")", "guessed password 1")
                .statusCode())
        .isEqualTo(401);
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);

    Document all = html(vic.get("/activity"));
    assertThat(all.selectFirst("#refused-only").attr("href")).isEqualTo("/activity?action=refused");
    Document refused = html(vic.get("/activity?action=refused"));
    Element row = refused.selectFirst("#audit tbody tr");
    assertThat(refused.select("#audit tbody tr")).hasSize(1);
    assertThat(row.selectFirst("td.actor").text()).isEqualTo("=HYPERLINK(\"x\") via console");
    assertThat(row.selectFirst("td.action").text()).isEqualTo("refused");
    assertThat(row.select("td.details li").eachText())
        .contains("From: 127.0.0.1", "What: sign-in", "Why: wrong-password", "Count: 1");

    List<List<String>> csv = History.csv(vic.get("/activity.csv?action=refused").body());
    assertThat(csv).hasSize(2);
    assertThat(csv.get(1).get(2)).isEqualTo("'=HYPERLINK(\"x\")");
    assertThat(csv.get(1).subList(3, 5)).containsExactly("console", "refused");
    assertThat(JSON.readTree(csv.get(1).get(6)).get("why").asText()).isEqualTo("wrong-password");
    assertThat(String.join(",", csv.get(1))).doesNotContain("guessed password");
  }

  @Test
  void theApiPagesJobsAndTheTrailWithTheSameFilters() throws Exception {
    History.jobs(console, "alpha", "ann", null, 5);
    History.jobs(console, "beta", "bob", "1a2b3c4d", 3);
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);

    JsonNode whole = JSON.readTree(api(FLEET + "/jobs", token).body());
    assertThat(whole.get("total").asLong()).as("the default page, counted").isEqualTo(8);
    assertThat(whole.has("next")).isFalse();
    assertThat(whole.get("jobs")).hasSize(8);
    assertThat(whole.get("jobs").get(0).get("token").asText()).isEqualTo("1a2b3c4d");

    String page = api(FLEET + "/jobs?user=ann&limit=2", token).body();
    DocumentedShapes.apiReference().assertMatches("jobs page", page);
    JsonNode first = JSON.readTree(page);
    assertThat(first.get("total").asLong()).isEqualTo(5);
    assertThat(first.get("jobs").findValuesAsText("id")).containsExactly("5", "4");
    assertThat(first.get("next").asLong()).isEqualTo(4);
    JsonNode second = JSON.readTree(api(FLEET + "/jobs?user=ann&limit=2&before=4", token).body());
    assertThat(second.get("jobs").findValuesAsText("id")).containsExactly("3", "2");
    JsonNode last = JSON.readTree(api(FLEET + "/jobs?user=ann&limit=2&offset=4", token).body());
    assertThat(last.get("jobs").findValuesAsText("id")).containsExactly("1");
    assertThat(last.has("next")).as("the last page has no next").isFalse();
    assertThat(
            JSON.readTree(api(FLEET + "/jobs?token=1a2b3c4d&state=completed", token).body())
                .get("jobs"))
        .hasSize(3);

    HttpResponse<String> zero = api(FLEET + "/jobs?limit=0", token);
    assertThat(zero.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(zero.body()).at("/error/message").asText())
        .isEqualTo("the limit 0 is not from 1 to 10000 jobs");
    assertThat(api(FLEET + "/jobs?before=x", token).statusCode()).isEqualTo(400);

    JsonNode audit =
        JSON.readTree(api(FLEET + "/audit?order=newest&limit=1&action=approve", token).body());
    assertThat(audit.get("total").asLong()).isEqualTo(2);
    assertThat(audit.get("events").get(0).get("cluster").asText()).isEqualTo("beta");
    JsonNode older =
        JSON.readTree(
            api(
                    FLEET
                        + "/audit?order=newest&limit=1&action=approve&before="
                        + audit.get("next").asLong(),
                    token)
                .body());
    assertThat(older.get("events").get(0).get("cluster").asText()).isEqualTo("alpha");
    assertThat(api(FLEET + "/audit?order=sideways", token).statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(api(FLEET + "/alpha/audit?actor=setup", token).body()).get("events"))
        .isNotEmpty()
        .allMatch(e -> e.get("actor").asText().equals("setup"));
  }

  @Test
  void theApiAnswersTheDefaultPageUnlessEveryRowIsAskedFor() throws Exception {
    int more = HistoryLimit.DEFAULT + 3;
    History.jobs(console, "alpha", "ann", null, more);
    History.events(console, "robot", "probe", "alpha", more);
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);

    JsonNode page = JSON.readTree(api(FLEET + "/jobs", token).body());
    assertThat(page.get("jobs")).hasSize(HistoryLimit.DEFAULT);
    assertThat(page.get("jobs").get(0).get("id").asInt()).isEqualTo(more);
    assertThat(page.get("total").asInt()).isEqualTo(more);
    assertThat(page.get("next").asInt()).isEqualTo(more - HistoryLimit.DEFAULT + 1);
    JsonNode every = JSON.readTree(api(FLEET + "/jobs?all=true", token).body());
    assertThat(every.get("jobs")).hasSize(more);
    assertThat(every.has("total")).isFalse();
    HttpResponse<String> both = api(FLEET + "/jobs?all=true&limit=5", token);
    assertThat(both.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(both.body()).at("/error/message").asText())
        .isEqualTo("a limit of 5 and every row were both asked for: give one of them");
    assertThat(api(FLEET + "/jobs?all=yes", token).statusCode()).isEqualTo(400);

    JsonNode trail = JSON.readTree(api(FLEET + "/audit", token).body());
    assertThat(trail.get("events")).hasSize(HistoryLimit.DEFAULT);
    assertThat(trail.get("events").get(0).get("id").asInt())
        .as("oldest first, from the start: a client pages on with after")
        .isEqualTo(1);
    assertThat(trail.get("next").asInt()).isEqualTo(HistoryLimit.DEFAULT);
    int total = trail.get("total").asInt();
    assertThat(JSON.readTree(api(FLEET + "/audit?all=true", token).body()).get("events"))
        .hasSize(total);
    assertThat(JSON.readTree(api(FLEET + "/alpha/audit", token).body()).get("events"))
        .hasSize(HistoryLimit.DEFAULT);
  }

  private TrackedJob submit(String user, String script) {
    return console
        .fleet
        .jobs()
        .submit(
            new Actor(user, Actor.CLI),
            new SubmitRequest(
                ScriptSource.text("job.sh", script), "live", JobOptions.on("alpha", 1)))
        .job();
  }

  private JobState recorded(TrackedJob job) {
    return console
        .fleet
        .jobs()
        .job(ConsoleFixture.SETUP, new JobRequest("#" + job.id(), ReadFrom.SCHEDULER))
        .job()
        .state();
  }

  @Test
  void onlyItsSubmitterOrAnAdminMayCancelAJobAndAViewerSeesNoButton() throws Exception {
    TrackedJob job = submit("sam", "#!/bin/sh\nsleep 600\n");
    String page = "/jobs/" + job.id();
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);
    History.Browser ann = new History.Browser(console, ConsoleFixture.ADMIN);

    Document seen = html(vic.get(page));
    assertThat(seen.selectFirst("#fact-user").text()).isEqualTo("sam");
    assertThat(seen.selectFirst("#fact-cluster").text()).isEqualTo("alpha");
    assertThat(seen.selectFirst("#fact-scheduler-id").text()).isEqualTo(job.schedulerJobId());
    assertThat(seen.selectFirst("#output").attr("data-source"))
        .isEqualTo(FLEET + "/jobs/%23" + job.id() + "/output");
    assertThat(seen.select("#cancel-job")).as("a viewer sees no button").isEmpty();
    assertThat(vic.get(page + "/cancel").statusCode()).isEqualTo(403);
    assertThat(vic.post(page + "/cancel", vic.csrf).statusCode()).isEqualTo(403);

    // a token of vic's with the submit scope: the gateway's rule, not the submitter
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT);
    HttpResponse<String> others =
        http.send(
            HttpRequest.newBuilder(URI.create(console.base + page + "/cancel"))
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(others.statusCode()).isEqualTo(403);
    assertThat(others.body()).contains("was submitted by sam, not vic");
    assertThat(recorded(job)).as("nothing was cancelled").isNotEqualTo(JobState.CANCELLED);

    assertThat(html(ann.get(page)).selectFirst("#cancel-job").attr("href"))
        .isEqualTo(page + "/cancel");
    Document confirm = html(ann.get(page + "/cancel"));
    assertThat(confirm.selectFirst("#question").text()).startsWith("Cancel job #" + job.id());
    assertThat(confirm.selectFirst("#confirm-form").attr("action")).isEqualTo(page + "/cancel");
    assertThat(confirm.selectFirst("#cancel").text()).isEqualTo("Keep it running");
    assertThat(ann.post(page + "/cancel", null).statusCode())
        .as("a post without the CSRF token")
        .isEqualTo(403);
    assertThat(recorded(job)).isNotEqualTo(JobState.CANCELLED);

    HttpResponse<String> done = ann.post(page + "/cancel", ann.csrf);
    assertThat(done.statusCode()).isEqualTo(303);
    assertThat(done.headers().firstValue("Location").orElseThrow()).isEqualTo(page);
    Document after = html(ann.get(page));
    assertThat(after.selectFirst("#notice").text())
        .startsWith("The scheduler of alpha took the cancellation of job #" + job.id());
    assertThat(html(ann.get(page)).select("#notice")).as("said once").isEmpty();
    Eventually.waitUntil("job cancelled", () -> recorded(job) == JobState.CANCELLED);
    assertThat(html(ann.get(page)).select("#cancel-job"))
        .as("an ended job has no button")
        .isEmpty();
    assertThat(ann.get(page + "/cancel").statusCode()).isEqualTo(409);
  }

  @Test
  void theOutputEndpointAnswersTheLastLinesFromAnOffsetAndSaysWhyItCannotRead() throws Exception {
    TrackedJob job =
        submit(
            "ann", "#!/bin/sh\ni=1\nwhile [ $i -le 300 ]; do echo \"line $i\"; i=$((i+1)); done\n");
    Eventually.waitUntil("job completed", () -> recorded(job) == JobState.COMPLETED);
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String output = FLEET + "/jobs/%23" + job.id() + "/output";

    String read = api(output + "?lines=3", token).body();
    DocumentedShapes.apiReference().assertMatches("job output", read);
    JsonNode tail = JSON.readTree(read);
    assertThat(tail.get("text").asText()).isEqualTo("line 298\nline 299\nline 300\n");
    assertThat(tail.get("cut").asBoolean()).isTrue();
    assertThat(tail.get("found").asBoolean()).isTrue();
    assertThat(tail.get("ended").asBoolean()).isTrue();
    assertThat(tail.get("job").get("state").asText()).isEqualTo("completed");
    long size = tail.get("offset").asLong();
    assertThat(size).isEqualTo(java.nio.file.Files.size(Path.of(tail.get("output").asText())));
    JsonNode more = JSON.readTree(api(output + "?offset=" + size, token).body());
    assertThat(more.get("text").asText()).as("nothing after the end").isEmpty();
    assertThat(more.get("offset").asLong()).isEqualTo(size);
    JsonNode from =
        JSON.readTree(api(output + "?offset=" + (size - "line 300\n".length()), token).body());
    assertThat(from.get("text").asText()).isEqualTo("line 300\n");
    assertThat(from.get("cut").asBoolean()).isFalse();

    assertThat(api(output + "?lines=0", token).statusCode()).isEqualTo(400);
    HttpResponse<String> unknown = api(FLEET + "/jobs/%23999999/output", token);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).at("/error/kind").asText()).isEqualTo("UNKNOWN_JOB");

    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);
    assertThat(vic.get("/jobs/999999").statusCode()).isEqualTo(404);
    assertThat(vic.get("/jobs/abc").statusCode()).isEqualTo(404);
    assertThat(html(vic.get("/jobs/abc")).selectFirst("#error-message").text())
        .startsWith("no job page at /jobs/'abc'");
  }

  @Test
  void aJobsFieldsAreTextOnEveryPageNeverMarkup() throws Exception {
    String payload = "<img src=x onerror=\"window.__xss=1\">";
    History.jobs(
        console, List.of(new History.Row("alpha", payload, "ann", null, "FAILED", 1, payload)));
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);
    for (String path : List.of("/jobs", "/jobs/1", "/clusters/alpha", "/jobs?user=" + q(payload))) {
      String body = vic.get(path).body();
      assertThat(body).as(path).doesNotContain("<img src=x").contains("&lt;img src=x");
    }
  }

  @Test
  void aClusterPageListsItsNewestJobsAndLatestEventsAndLinksToTheRest() throws Exception {
    History.jobs(console, "alpha", "ann", null, 60);
    History.events(console, "robot", "snapshot", "alpha", 60);
    History.Browser vic = new History.Browser(console, ConsoleFixture.VIEWER);
    Document page = html(vic.get("/clusters/alpha"));
    assertThat(ids(page)).hasSize(Pages.CLUSTER_ROWS).startsWith("#60");
    assertThat(page.selectFirst("#jobs-more").text())
        .isEqualTo("The newest 50 of 60 jobs: all of them on the Jobs page.");
    assertThat(page.selectFirst("#jobs-more a").attr("href")).isEqualTo("/jobs?cluster=alpha");
    List<String> details = new ArrayList<>(page.select("#audit td.details").eachText());
    assertThat(details).hasSize(Pages.CLUSTER_ROWS);
    assertThat(details.get(details.size() - 1))
        .as("oldest first, ending with the latest")
        .isEqualTo("N: 60");
    assertThat(page.selectFirst("#audit-more a").attr("href")).isEqualTo("/activity?cluster=alpha");
  }

  /**
   * The Capacity page's GPU-hours per model: each model's jobs over the fleet, counted as a
   * cluster's are, from the store's running tally rather than every job ever run.
   */
  @Test
  void eachModelsGpuHoursAndCostAreCountedOverTheFleetAsAClustersAre() throws Exception {
    job("alpha", "llama", "COMPLETED", 2.0);
    job("beta", "llama", "COMPLETED", 1.25);
    job("alpha", "bert", "RUNNING", null);
    job("alpha", "bert", "COMPLETED", 0.5);
    job("beta", "vit", "SUBMITTED", null); // not confirmed by its scheduler yet: not counted
    job("alpha", null, "FAILED", 1.5);

    Document page =
        Jsoup.parse(new History.Browser(console, ConsoleFixture.VIEWER).get("/capacity").body());

    assertThat(page.select("#by-model tbody tr").eachText())
        .containsExactly(
            "(none) 1 1.50 3.75",
            "bert 2 0.50 + 1 job unknown 1.25 (at least)",
            "llama 2 3.25 8.13");
  }

  /** A job as any program may write it, straight into platform.db. */
  private void job(String cluster, String model, String state, Double gpuHours) throws Exception {
    try (var c =
            DriverManager.getConnection("jdbc:sqlite:" + console.env.get("EXAMLOPS_PLATFORM_DB"));
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO hpc_jobs (cluster, name, model, state, submitted_by, submitted_at,"
                    + " gpu_hours) VALUES (?, 'train', ?, ?, 'ann', '2026-01-01T00:00:00.000Z',"
                    + " ?)")) {
      s.setString(1, cluster);
      s.setString(2, model);
      s.setString(3, state);
      s.setObject(4, gpuHours);
      s.executeUpdate();
    }
  }
}
