package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;

/** The console's flows in a real headless Chromium, on a real console over real stores. */
class ConsoleBrowserTest {
  @TempDir static Path dir;
  private static ConsoleFixture console;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    console =
        new ConsoleFixture(
            dir.resolve("stores"), "alpha", "beta", "gamma", "delta", "epsilon", "zeta");
    browser = Browser.start(dir.resolve("profile"));
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (console != null) {
      console.close();
    }
  }

  @BeforeEach
  void signedOut() {
    browser.get(console.base + "/login");
    browser.manage().deleteAllCookies();
  }

  private void signIn(String user) {
    browser.get(console.base + "/login");
    browser.findElement(By.id("user")).sendKeys(user);
    browser.findElement(By.id("password")).sendKeys(ConsoleFixture.PASSWORD);
    browser.findElement(By.id("sign-in")).click();
    waitFor(() -> browser.findElements(By.id("who")).size() == 1);
  }

  private WebElement row(String cluster) {
    return browser.findElement(By.id("cluster-" + cluster));
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    // A page being replaced by the next one leaves stale elements for a moment: look again.
    new WebDriverWait(browser, Duration.ofSeconds(15))
        .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
        .ignoring(org.openqa.selenium.NoSuchElementException.class)
        .until(d -> condition.getAsBoolean());
  }

  /** A POST sent by script from the page, as a forged request would be; returns its status. */
  private long postFromPage(String path, String body) {
    Object status =
        ((JavascriptExecutor) browser)
            .executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                    + "fetch(arguments[0], {method: 'POST', credentials: 'same-origin',"
                    + " headers: {'Content-Type': 'application/x-www-form-urlencoded'},"
                    + " body: arguments[1]}).then(r => done(r.status), e => done(-1));",
                path,
                body);
    return ((Number) status).longValue();
  }

  private ClusterState state(String name) {
    return console.state(name);
  }

  @Test
  void signInShowsTheFleetWithPendingClustersCounted() {
    browser.get(console.base + "/");
    assertThat(browser.getCurrentUrl()).endsWith("/login");
    browser.findElement(By.id("user")).sendKeys(ConsoleFixture.ADMIN);
    browser.findElement(By.id("password")).sendKeys("not the password");
    browser.findElement(By.id("sign-in")).click();
    // The refusal comes back after a slow hash: wait for its page, as a person would.
    waitFor(() -> browser.findElements(By.id("message")).size() == 1);
    assertThat(browser.findElement(By.id("message")).getText()).contains("Wrong user or password");
    signIn(ConsoleFixture.ADMIN);
    assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("ann (admin)");
    assertThat(browser.findElement(By.id("pending-count")).getText()).endsWith("pending");
    assertThat(row("alpha").findElement(By.className("state-word")).getText()).isEqualTo("PENDING");
    Browser.screenshot(browser, "fleet");
    browser.findElement(By.id("logout")).click();
    browser.get(console.base + "/");
    assertThat(browser.getCurrentUrl()).endsWith("/login");
  }

  @Test
  void aViewerSeesNoButtonsAndItsForgedPostIsRefused() {
    signIn(ConsoleFixture.VIEWER);
    assertThat(browser.findElements(By.className("approve-button"))).isEmpty();
    assertThat(browser.findElements(By.className("reject-button"))).isEmpty();
    assertThat(row("alpha").getText()).contains("PENDING");
    String csrf = browser.findElement(By.cssSelector("input[name=csrf]")).getAttribute("value");
    assertThat(postFromPage("/clusters/alpha/approve", "csrf=" + csrf)).isEqualTo(403);
    assertThat(postFromPage("/api/v1/facility/fleet/alpha/approve", "csrf=" + csrf)).isEqualTo(403);
    assertThat(state("alpha")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void anAdminApprovesAPendingClusterAndTheRowAndAuditNameTheAdmin() {
    signIn(ConsoleFixture.ADMIN);
    WebElement beta = row("beta");
    beta.findElement(By.tagName("summary")).click();
    assertThat(beta.findElement(By.className("pin-scheduler")).getText()).isEqualTo("mock");
    assertThat(beta.findElement(By.className("pin-gpus")).getText()).startsWith("4");
    assertThat(beta.findElement(By.className("pin-host")).getText()).isEqualTo("local");
    beta.findElement(By.className("approve-button")).click();
    waitFor(() -> row("beta").findElement(By.className("state-word")).getText().equals("ACTIVE"));
    assertThat(row("beta").findElement(By.className("decided-by")).getText()).isEqualTo("ann");
    assertThat(state("beta")).isEqualTo(ClusterState.ACTIVE);
    browser.get(console.base + "/clusters/beta");
    List<WebElement> actions = browser.findElements(By.cssSelector("#audit td.action"));
    List<WebElement> actors = browser.findElements(By.cssSelector("#audit td.actor"));
    assertThat(actions.get(actions.size() - 1).getText()).isEqualTo("approve");
    assertThat(actors.get(actors.size() - 1).getText()).isEqualTo("ann via console");
    assertThat(browser.findElement(By.id("decided-by")).getText()).startsWith("ann ");
    assertThat(browser.findElement(By.id("decision")).getText()).isEqualTo("approved");
    assertThat(browser.findElement(By.id("requested-by")).getText()).startsWith("setup 20");
    assertThat(browser.findElement(By.id("pinned")).getText()).isEqualTo("mock over local");
    Browser.screenshot(browser, "cluster");
  }

  @Test
  void rejectNeedsAReason() {
    signIn(ConsoleFixture.ADMIN);
    row("gamma").findElement(By.className("reject-button")).click();
    assertThat(row("gamma").findElement(By.className("state-word")).getText()).isEqualTo("PENDING");
    assertThat(postFromPage("/clusters/gamma/reject", "csrf=" + csrf() + "&reason="))
        .isEqualTo(400);
    assertThat(state("gamma")).isEqualTo(ClusterState.PENDING);
    row("gamma").findElement(By.className("reason")).sendKeys("not our site");
    row("gamma").findElement(By.className("reject-button")).click();
    waitFor(
        () -> row("gamma").findElement(By.className("state-word")).getText().equals("REJECTED"));
    assertThat(row("gamma").findElement(By.className("reason")).getText())
        .isEqualTo("not our site");
  }

  @Test
  void anXssPayloadInAClustersFieldsStaysInert() {
    String payload = "<img src=x onerror=\"window.__xss=1\"><script>window.__xss=2</script>";
    console
        .fleet
        .governance()
        .reject(
            new io.examlops.fleet.model.Actor("<b>mallory</b>", "cli"),
            new io.examlops.fleet.governance.RejectRequest("delta", payload));
    signIn(ConsoleFixture.ADMIN);
    assertThat(row("delta").findElement(By.className("reason")).getText()).isEqualTo(payload);
    assertThat(row("delta").findElement(By.className("decided-by")).getText())
        .isEqualTo("<b>mallory</b>");
    assertThat(((JavascriptExecutor) browser).executeScript("return window.__xss")).isNull();
    assertThat(browser.findElements(By.cssSelector("#cluster-delta img"))).isEmpty();
    browser.get(console.base + "/clusters/delta");
    assertThat(browser.findElement(By.id("reason")).getText()).isEqualTo(payload);
    assertThat(browser.findElement(By.id("decision")).getText()).isEqualTo("rejected");
    assertThat(((JavascriptExecutor) browser).executeScript("return window.__xss")).isNull();
  }

  @Test
  void theClusterPageShowsTheQueueOfTheLastRefreshAsText() throws Exception {
    ConsoleFixture.approveUnreachableSlurm(dir, console.env, console.fleet, "theta");
    String payload = "<img src=x onerror=\"window.__xss=3\">";
    console.recordQueue(
        "theta",
        List.of(),
        QueueRead.of(
            List.of(
                ConsoleFixture.waiting("77", payload),
                new QueueEntry(
                    SlurmAdapter.KIND,
                    "78",
                    "train",
                    "ann",
                    JobState.RUNNING,
                    "RUNNING",
                    "gpu",
                    1,
                    4,
                    2,
                    Duration.ofMinutes(3),
                    null,
                    "g1"))));
    signIn(ConsoleFixture.VIEWER);
    browser.get(console.base + "/clusters/theta");
    assertThat(browser.findElement(By.id("queue-age")).getText())
        .matches("Read with the snapshot \\d+ (s|min|h|d) ago: 2 jobs, 1 pending\\.");
    List<WebElement> rows = browser.findElements(By.cssSelector("#queue tbody tr"));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).getText()).contains(payload).contains("pending").contains("BeginTime");
    assertThat(rows.get(1).getText()).contains("running").contains("3 min").contains("g1");
    assertThat(browser.findElements(By.cssSelector("#queue img"))).isEmpty();
    assertThat(((JavascriptExecutor) browser).executeScript("return window.__xss")).isNull();
    assertThat(browser.findElement(By.id("pinned")).getText())
        .startsWith("slurm over ssh · hpcuser@127.0.0.1:1 · key SHA256:")
        .endsWith("· host key SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    assertThat(browser.findElement(By.id("decided-by")).getText()).startsWith("setup 20");
    Browser.screenshot(browser, "cluster-queue");
  }

  @Test
  void aPostWithoutTheCsrfTokenIsRefused() {
    signIn(ConsoleFixture.ADMIN);
    assertThat(postFromPage("/clusters/epsilon/approve", "")).isEqualTo(403);
    assertThat(postFromPage("/clusters/epsilon/approve", "csrf=forged")).isEqualTo(403);
    assertThat(state("epsilon")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void theCapacityChartsDraw() {
    console
        .fleet
        .governance()
        .approve(ConsoleFixture.SETUP, new io.examlops.fleet.governance.ApproveRequest("zeta"));
    console.fleet.discovery().refresh(Refresher.AS, new RefreshRequest("zeta"));
    console.fleet.discovery().refresh(Refresher.AS, new RefreshRequest("zeta"));
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/capacity");
    waitFor(() -> browser.findElement(By.id("chart-free")).getAttribute("data-points") != null);
    waitFor(
        () -> browser.findElement(By.id("chart-utilization")).getAttribute("data-points") != null);
    JavascriptExecutor js = (JavascriptExecutor) browser;
    Number freeBars =
        (Number)
            js.executeScript("return Chart.getChart('chart-free').data.datasets[0].data.length");
    Number utilizationPoints =
        (Number)
            js.executeScript(
                "return Chart.getChart('chart-utilization').data.datasets"
                    + ".reduce((n, d) => n + d.data.length, 0)");
    assertThat(freeBars.intValue()).isPositive();
    assertThat(utilizationPoints.intValue()).isGreaterThanOrEqualTo(2);
    assertThat(browser.findElement(By.id("free-by-cluster")).getText()).contains("zeta");
    assertThat(browser.findElement(By.id("free-by-type")).getText()).contains("mock");
    Browser.screenshot(browser, "capacity");
  }

  private String csrf() {
    return browser.findElement(By.cssSelector("input[name=csrf]")).getAttribute("value");
  }
}
