package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.access.TokenScope;
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

/** The console's flows in a real headless Chromium, on a real console over real stores. */
class ConsoleBrowserIT {
  /** A decision's date as the lists show it. */
  private static final String DATE = "20\\d\\d-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC";

  @TempDir static Path dir;
  private static ConsoleFixture console;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    console =
        new ConsoleFixture(
            dir.resolve("stores"), "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta");
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
    Browser.signIn(browser, console.base, user, ConsoleFixture.PASSWORD);
  }

  private WebElement row(String cluster) {
    return browser.findElement(By.id("cluster-" + cluster));
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    Browser.waitFor(browser, condition);
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
  void anAdminApprovesFromTheClusterPagesReviewPanelAndTheListsDateTheDecision() {
    signIn(ConsoleFixture.ADMIN);
    row("beta").findElement(By.className("review-link")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/beta#review"));
    WebElement review = browser.findElement(By.id("review-beta"));
    assertThat(review.findElement(By.className("asked-by")).getText()).isEqualTo("setup");
    assertThat(review.findElement(By.className("asked-at")).getText()).matches(DATE);
    assertThat(Browser.pins(review))
        .containsEntry("Scheduler", "mock")
        .containsEntry("Host", "local")
        .containsEntry("Jump hosts", "none (direct)")
        .containsKeys("Port", "User", "SSH key", "Host key", "Partitions");
    assertThat(Browser.pins(review).get("GPUs found")).startsWith("4");
    review.findElement(By.className("approve-button")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/beta?done=approved"));
    assertThat(browser.findElement(By.id("notice")).getText()).startsWith("Approved beta");
    assertThat(browser.findElement(By.id("state")).getText()).isEqualTo("ACTIVE");
    assertThat(browser.findElements(By.id("review"))).isEmpty();
    assertThat(state("beta")).isEqualTo(ClusterState.ACTIVE);
    List<WebElement> actions = browser.findElements(By.cssSelector("#audit td.action"));
    List<WebElement> actors = browser.findElements(By.cssSelector("#audit td.actor"));
    List<WebElement> details = browser.findElements(By.cssSelector("#audit td.details"));
    assertThat(actions.get(actions.size() - 1).getText()).isEqualTo("approve");
    assertThat(actors.get(actors.size() - 1).getText()).isEqualTo("ann via console");
    assertThat(details.get(details.size() - 1).getText())
        .as("audit details read as text, not JSON")
        .doesNotContain("{")
        .doesNotContain("\"")
        .contains("Pinned: scheduler MOCK");
    assertThat(browser.findElement(By.id("decided-by")).getText()).startsWith("ann 20");
    assertThat(browser.findElement(By.id("decision")).getText()).isEqualTo("approved");
    assertThat(browser.findElement(By.id("requested-by")).getText()).startsWith("setup 20");
    assertThat(browser.findElement(By.id("pinned")).getText()).isEqualTo("mock over local");
    browser.get(console.base + "/");
    assertThat(row("beta").findElement(By.className("decided")).getText())
        .matches("approved by ann " + DATE);
    browser.get(console.base + "/review");
    assertThat(browser.findElement(By.id("decisions")).getText()).contains("beta");
    assertThat(browser.findElements(By.id("review-beta"))).isEmpty();
  }

  @Test
  void rejectAsksForAReasonOnAConfirmStepAndRefusesWithoutOne() {
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/clusters/gamma");
    browser.findElement(By.cssSelector("#review-gamma .reject-button")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/gamma/reject"));
    assertThat(browser.findElement(By.id("question")).getText()).startsWith("Reject gamma?");
    assertThat(state("gamma"))
        .as("the confirm step changes nothing")
        .isEqualTo(ClusterState.PENDING);
    assertThat(postFromPage("/clusters/gamma/reject", "csrf=" + csrf() + "&reason="))
        .isEqualTo(400);
    assertThat(postFromPage("/clusters/gamma/reject", "csrf=" + csrf() + "&reason=+++"))
        .isEqualTo(400);
    assertThat(state("gamma")).isEqualTo(ClusterState.PENDING);
    browser.findElement(By.id("cancel")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/gamma"));
    assertThat(state("gamma")).isEqualTo(ClusterState.PENDING);
    browser.get(console.base + "/clusters/gamma/reject");
    browser.findElement(By.id("reason")).sendKeys("not our site");
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/gamma?done=rejected"));
    assertThat(browser.findElement(By.id("notice")).getText())
        .isEqualTo("gamma is REJECTED: not our site");
    assertThat(state("gamma")).isEqualTo(ClusterState.REJECTED);
    browser.get(console.base + "/");
    assertThat(row("gamma").findElement(By.className("reason")).getText())
        .isEqualTo("not our site");
    assertThat(row("gamma").findElement(By.className("decided")).getText())
        .matches("rejected by ann " + DATE);
  }

  @Test
  void aRejectWithoutAReasonComesBackToTheConfirmStepWithTheCoresWords() {
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/clusters/eta/reject");
    // The browser would not send an empty required field: take the requirement off, as a
    // hand-made request would.
    ((JavascriptExecutor) browser)
        .executeScript("document.getElementById('reason').removeAttribute('required')");
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.findElements(By.id("message")).size() == 1);
    assertThat(browser.findElement(By.id("message")).getText()).contains("reason");
    assertThat(browser.findElement(By.id("question")).getText()).startsWith("Reject eta?");
    assertThat(state("eta")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void clustersWaitingForADecisionAreListedFirstAndOnTheReviewPage() {
    connect("kappa");
    connect("lambda");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("kappa"));
    signIn(ConsoleFixture.VIEWER);
    List<String> states = Browser.texts(browser, "#fleet tbody tr .state-word");
    int lastWaiting =
        Math.max(states.lastIndexOf("PENDING"), states.lastIndexOf("ACTIVE, not schedulable"));
    int firstDecided =
        Math.min(
            states.indexOf("ACTIVE") < 0 ? states.size() : states.indexOf("ACTIVE"),
            states.indexOf("REJECTED") < 0 ? states.size() : states.indexOf("REJECTED"));
    assertThat(lastWaiting).as(states.toString()).isLessThan(firstDecided);
    List<String> names = Browser.texts(browser, "#fleet tbody tr a.name");
    assertThat(names.indexOf("lambda")).isLessThan(names.indexOf("kappa"));
    browser.get(console.base + "/review");
    assertThat(browser.findElements(By.id("review-lambda"))).hasSize(1);
    assertThat(browser.findElements(By.id("review-kappa"))).isEmpty();
    assertThat(browser.findElements(By.className("approve-button")))
        .as("a viewer reviews but does not decide")
        .isEmpty();
  }

  @Test
  void refreshNowSaysWhatItDidAndASecondOneIsToldOneIsOnItsWay() {
    connect("mu");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("mu"));
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/clusters/mu");
    browser.findElement(By.id("refresh-now")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/mu?done=refresh-queued"));
    assertThat(browser.findElement(By.id("notice")).getText())
        .startsWith("A refresh of mu was asked for: the refresher follows its jobs");
    browser.findElement(By.id("refresh-now")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/mu?done=refresh-busy"));
    assertThat(browser.findElement(By.id("notice")).getText())
        .startsWith("A refresh of mu was asked for moments ago and is on its way");
    assertThat(browser.findElement(By.id("cluster-name")).getText()).isEqualTo("mu");
  }

  @Test
  void aNoticeCannotBeMadeToSayWhatTheStateDoesNot() {
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/clusters/alpha?done=approved");
    assertThat(browser.findElements(By.id("notice"))).isEmpty();
    browser.get(console.base + "/clusters/alpha?done=%3Cb%3Eowned%3C/b%3E");
    assertThat(browser.findElements(By.id("notice"))).isEmpty();
  }

  @Test
  void anAdminAddsChangesResetsAndRemovesAUserOnTheUsersPage() {
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/admin/access");
    browser.findElement(By.id("new-user")).sendKeys("bob");
    browser.findElement(By.id("new-password")).sendKeys("bob's first password");
    browser.findElement(By.id("new-password-again")).sendKeys("bob's first password");
    browser.findElement(By.id("add-user")).click();
    waitFor(() -> browser.findElements(By.id("user-bob")).size() == 1);
    assertThat(browser.findElement(By.id("notice")).getText()).isEqualTo("Added bob as viewer.");
    assertThat(browser.findElement(By.cssSelector("#user-bob .role")).getText())
        .isEqualTo("viewer");

    new org.openqa.selenium.support.ui.Select(
            browser.findElement(By.cssSelector("#user-bob select[name=role]")))
        .selectByValue("admin");
    browser.findElement(By.cssSelector("#user-bob .change-role")).click();
    waitFor(() -> browser.findElement(By.id("notice")).getText().equals("bob is now admin."));
    assertThat(browser.findElement(By.cssSelector("#user-bob .role")).getText()).isEqualTo("admin");
    assertThat(console.fleet.access().user("bob").orElseThrow().role())
        .isEqualTo(io.examlops.fleet.model.access.Role.ADMIN);

    browser.findElement(By.cssSelector("#user-bob .reset-password")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/admin/users/bob/password"));
    browser.findElement(By.id("password")).sendKeys("bob's second password");
    browser.findElement(By.id("again")).sendKeys("not the same password");
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.findElements(By.id("error-message")).size() == 1);
    assertThat(browser.findElement(By.id("error-message")).getText()).contains("passwords differ");
    browser.get(console.base + "/admin/users/bob/password");
    browser.findElement(By.id("password")).sendKeys("bob's second password");
    browser.findElement(By.id("again")).sendKeys("bob's second password");
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.findElements(By.id("notice")).size() == 1);
    assertThat(browser.findElement(By.id("notice")).getText())
        .isEqualTo("The password of bob was reset.");
    assertThat(console.fleet.access().authenticate("bob", "bob's second password".toCharArray()))
        .isPresent();

    browser.findElement(By.cssSelector("#user-bob .remove-user")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/admin/users/bob/remove"));
    assertThat(console.fleet.access().user("bob"))
        .as("the confirm step removes nobody")
        .isPresent();
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.findElements(By.id("notice")).size() == 1);
    assertThat(browser.findElements(By.id("user-bob"))).isEmpty();
    assertThat(console.fleet.access().user("bob")).isEmpty();
  }

  @Test
  void revokingATokenAsksFirst() {
    String secret = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String id = console.fleet.access().authenticateToken(secret).orElseThrow().token().id();
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/admin/access");
    browser.findElement(By.cssSelector("#token-" + id + " .revoke-token")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/admin/tokens/" + id + "/revoke"));
    assertThat(browser.findElement(By.id("question")).getText()).startsWith("Revoke the token");
    assertThat(console.fleet.access().authenticateToken(secret)).isPresent();
    browser.findElement(By.id("cancel")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/admin/access"));
    assertThat(console.fleet.access().authenticateToken(secret)).isPresent();
    browser.findElement(By.cssSelector("#token-" + id + " .revoke-token")).click();
    waitFor(() -> browser.findElements(By.id("confirm")).size() == 1);
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.findElements(By.id("notice")).size() == 1);
    assertThat(browser.findElement(By.cssSelector("#token-" + id + " .token-state")).getText())
        .startsWith("revoked 20");
    assertThat(console.fleet.access().authenticateToken(secret)).isEmpty();
  }

  /**
   * Every page, as an admin and as a viewer, at a laptop's 1,280 px and a phone's 390 px: the page
   * never scrolls sideways (wide tables scroll in their own box or become cards), and each has a
   * viewport setting. The screenshots are kept in target/screenshots for a person to look at.
   */
  @Test
  void everyPageFitsALaptopAndAPhoneWithoutScrollingSideways() throws Exception {
    connect("a-cluster-with-a-rather-long-name-that-must-wrap-in-a-row");
    ConsoleFixture.approveUnreachableSlurm(dir, console.env, console.fleet, "iota");
    console.recordQueue(
        "iota",
        List.of(),
        QueueRead.of(
            List.of(
                ConsoleFixture.waiting("77", "a-very-long-job-name-" + "x".repeat(60)),
                ConsoleFixture.waiting("78", "train"))));
    String secret = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    String tokenId = console.fleet.access().authenticateToken(secret).orElseThrow().token().id();
    int[][] screens = {{1280, 800}, {390, 844}};
    try {
      for (int[] screen : screens) {
        Browser.viewport(browser, screen[0], screen[1]);
        browser.manage().deleteAllCookies();
        fits("login", "/login", screen[0]);
      }
      for (String user : List.of(ConsoleFixture.ADMIN, ConsoleFixture.VIEWER)) {
        String who = user.equals(ConsoleFixture.ADMIN) ? "admin" : "viewer";
        Browser.windowViewport(browser);
        browser.manage().deleteAllCookies();
        signIn(user);
        for (int[] screen : screens) {
          Browser.viewport(browser, screen[0], screen[1]);
          fits("fleet-" + who, "/", screen[0]);
          assertThat(
                  ((Number)
                          ((JavascriptExecutor) browser)
                              .executeScript(
                                  "var box = document.getElementById('fleet').parentElement;"
                                      + "return box.scrollWidth - box.clientWidth;"))
                      .intValue())
              .as("the Fleet table at %d px needs no scrolling of its own", screen[0])
              .isLessThanOrEqualTo(0);
          fits("review-" + who, "/review", screen[0]);
          fits("cluster-pending-" + who, "/clusters/alpha", screen[0]);
          fits("cluster-queue-" + who, "/clusters/iota", screen[0]);
          fits("capacity-" + who, "/capacity", screen[0]);
          fits("access-" + who, "/admin/access", screen[0]);
          fits("error-404-" + who, "/clusters/nope", screen[0]);
          fits("error-400-" + who, "/clusters/Bad%20Name", screen[0]);
          if (who.equals("admin")) {
            fits("confirm-reject-" + who, "/clusters/alpha/reject", screen[0]);
            fits("confirm-revoke-" + who, "/admin/tokens/" + tokenId + "/revoke", screen[0]);
            fits("confirm-password-" + who, "/admin/users/vic/password", screen[0]);
          }
        }
      }
    } finally {
      Browser.windowViewport(browser);
    }
  }

  private void fits(String page, String path, int width) {
    Browser.fits(browser, console.base, page, path, width);
  }

  private void connect(String name) {
    console
        .fleet
        .governance()
        .connect(
            ConsoleFixture.SETUP,
            new io.examlops.fleet.governance.ConnectRequest(
                name, io.examlops.fleet.discovery.HostTarget.of("local"), "mock"));
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
  }

  private String csrf() {
    return browser.findElement(By.cssSelector("input[name=csrf]")).getAttribute("value");
  }
}
