package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import java.nio.file.Path;
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
import org.openqa.selenium.support.ui.Select;

/**
 * The Jobs, job and Activity pages in a real headless Chromium: filters in the URL and in the form,
 * page 2, a job's output followed live by {@code static/job.js} until the job ends, cancel as an
 * admin through the confirm step, no button for a viewer, and every page at 1280 and 390 px
 * (screenshots in target/screenshots).
 */
class HistoryBrowserIT {
  @TempDir static Path dir;
  private static ConsoleFixture console;
  private static ChromeDriver browser;
  private static TrackedJob running;

  @BeforeAll
  static void start() throws Exception {
    console = new ConsoleFixture(dir.resolve("stores"), "alpha", "beta");
    for (String name : List.of("alpha", "beta")) {
      console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest(name));
    }
    History.jobs(console, "alpha", "ann", null, 70);
    History.jobs(
        console,
        List.of(
            new History.Row(
                "beta",
                "a-very-long-job-name-" + "x".repeat(60),
                "bob",
                "1a2b3c4d",
                "FAILED",
                137,
                "OutOfMemory: the job used more than its 64 GiB")));
    running = counting("steps", "step");
    browser = Browser.start(dir.resolve("profile"));
  }

  /**
   * A job of sam's on alpha that writes "{@code word} N" a second for ten minutes, unless it is
   * cancelled first: its page follows it live.
   */
  private static TrackedJob counting(String name, String word) {
    return console
        .fleet
        .jobs()
        .submit(
            new Actor("sam", Actor.CLI),
            new SubmitRequest(
                ScriptSource.text(
                    name + ".sh",
                    "#!/bin/sh\ni=1\nwhile [ $i -le 600 ]; do echo \""
                        + word
                        + " $i\"; i=$((i+1)); sleep 1; done\n"),
                name,
                JobOptions.on("alpha", 1)))
        .job();
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (running != null) {
      try {
        console
            .fleet
            .jobs()
            .cancel(
                ConsoleFixture.SETUP, new io.examlops.fleet.jobs.CancelRequest("#" + running.id()));
      } catch (RuntimeException e) {
        // cancelled by the test already
      }
    }
    if (console != null) {
      console.close();
    }
  }

  @BeforeEach
  void signedOut() {
    Browser.windowViewport(browser);
    browser.get(console.base + "/login");
    browser.manage().deleteAllCookies();
  }

  private void signIn(String user) {
    Browser.signIn(browser, console.base, user, ConsoleFixture.PASSWORD);
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    Browser.waitFor(browser, condition);
  }

  private static String text(String id) {
    return browser.findElement(By.id(id)).getText();
  }

  private static List<String> ids() {
    return browser.findElements(By.cssSelector("#jobs tbody a.job-link")).stream()
        .map(WebElement::getText)
        .toList();
  }

  @Test
  void theFiltersAreInTheUrlAndTheFormAndPageTwoFollowsPageOne() {
    signIn(ConsoleFixture.VIEWER);
    browser.get(console.base + "/jobs?cluster=alpha&user=ann");
    assertThat(new Select(browser.findElement(By.id("cluster"))).getFirstSelectedOption().getText())
        .isEqualTo("alpha");
    assertThat(browser.findElement(By.id("user")).getAttribute("value")).isEqualTo("ann");
    assertThat(ids()).hasSize(50).startsWith("#70");
    assertThat(text("pager-where")).isEqualTo("1-50 of 70 jobs · page 1 of 2");

    browser.findElement(By.id("page-next")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/jobs?cluster=alpha&user=ann&page=2"));
    assertThat(ids()).hasSize(20).startsWith("#20").endsWith("#1");
    assertThat(text("page-number")).isEqualTo("2");

    new Select(browser.findElement(By.id("state"))).selectByValue("failed");
    browser.findElement(By.id("cluster")).sendKeys("");
    new Select(browser.findElement(By.id("cluster"))).selectByIndex(0); // all
    browser.findElement(By.id("user")).clear();
    browser.findElement(By.id("apply-filters")).click();
    waitFor(() -> browser.getCurrentUrl().contains("state=failed"));
    assertThat(ids()).containsExactly("#71");
    assertThat(browser.findElement(By.cssSelector("#job-71 .token")).getText())
        .isEqualTo("1a2b3c4d");
    assertThat(browser.findElement(By.id("csv")).getAttribute("href"))
        .endsWith("/jobs.csv?state=failed");

    browser.get(console.base + "/jobs?state=bogus");
    assertThat(text("problem-state")).startsWith("'bogus' is not a job state");
    assertThat(browser.findElements(By.id("jobs"))).isEmpty();
  }

  @Test
  void theJobPageFollowsTheOutputLiveAndAnAdminCancelsThroughTheConfirmStep() {
    signIn(ConsoleFixture.ADMIN);
    String page = "/jobs/" + running.id();
    browser.get(console.base + page);
    assertThat(text("fact-user")).isEqualTo("sam");
    assertThat(text("fact-scheduler-id")).isEqualTo(running.schedulerJobId());
    waitFor(() -> text("output-text").contains("step 2"));
    assertThat(text("output-status")).startsWith("Live: read again every 5 s while the job runs");
    int reads = Integer.parseInt(browser.findElement(By.id("output")).getAttribute("data-reads"));
    // read again without a reload: more lines come
    waitFor(
        () ->
            Integer.parseInt(browser.findElement(By.id("output")).getAttribute("data-reads"))
                > reads + 1);
    String later = text("output-text");
    assertThat(later.lines().filter(l -> l.startsWith("step ")).count()).isGreaterThan(2);
    assertThat(later.lines().distinct().count())
        .as("each line once: every read starts where the last ended")
        .isEqualTo(later.lines().count());
    assertThat(text("output-file")).endsWith("output.log");
    Browser.screenshot(browser, "job-running-1280");

    browser.findElement(By.id("cancel-job")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith(page + "/cancel"));
    assertThat(text("question")).startsWith("Cancel job #" + running.id() + " (steps) on alpha?");
    Browser.screenshot(browser, "job-confirm-cancel-1280");
    browser.findElement(By.id("confirm")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith(page));
    assertThat(text("notice"))
        .startsWith("The scheduler of alpha took the cancellation of job #" + running.id());
    waitFor(() -> text("output-status").startsWith("The job has ended (cancelled)"));
    assertThat(text("job-state")).isEqualTo("cancelled");
    assertThat(browser.findElement(By.id("output")).getAttribute("data-state")).isEqualTo("ended");
    Browser.screenshot(browser, "job-cancelled-1280");
    browser.navigate().refresh();
    assertThat(browser.findElements(By.id("cancel-job"))).as("an ended job has none").isEmpty();
  }

  /**
   * A live update puts back the parts of a page that changed as the console writes them now (the
   * facts when the job's state moves, the output's part when it ends): the output read so far,
   * where it is and what was said of it stay on the page of a job that ends while it is open.
   */
  @Test
  void theOutputReadSoFarStaysWhenTheJobEndsWhileItsPageIsOpen() {
    TrackedJob ticks = counting("ticks", "tick");
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/jobs/" + ticks.id());
    waitFor(() -> text("output-text").contains("tick 2"));
    WebElement output = browser.findElement(By.id("output"));
    assertThat(output.getAttribute("data-ended")).isEqualTo("false");

    console
        .fleet
        .jobs()
        .cancel(ConsoleFixture.SETUP, new io.examlops.fleet.jobs.CancelRequest("#" + ticks.id()));

    // Only the console writes data-ended: the output's part was put back by a live update.
    waitFor(() -> "true".equals(browser.findElement(By.id("output")).getAttribute("data-ended")));
    assertThat(text("output-text")).contains("tick 1", "tick 2");
    assertThat(text("output-file")).endsWith("output.log");
    assertThat(text("fact-state")).isEqualTo("cancelled");
    waitFor(() -> text("output-status").startsWith("The job has ended (cancelled)"));
    assertThat(text("output-text")).contains("tick 1", "tick 2");
  }

  @Test
  void aViewerSeesNoCancelButtonAndItsPostIsRefused() {
    signIn(ConsoleFixture.VIEWER);
    browser.get(console.base + "/jobs/1");
    assertThat(text("fact-state")).isEqualTo("completed");
    assertThat(browser.findElements(By.id("cancel-job"))).isEmpty();
    String csrf = browser.findElement(By.cssSelector("input[name=csrf]")).getAttribute("value");
    Object status =
        ((JavascriptExecutor) browser)
            .executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                    + "fetch(arguments[0], {method: 'POST', credentials: 'same-origin',"
                    + " headers: {'Content-Type': 'application/x-www-form-urlencoded'},"
                    + " body: 'csrf=' + arguments[1]}).then(r => done(r.status), e => done(-1));",
                "/jobs/" + running.id() + "/cancel",
                csrf);
    assertThat(((Number) status).intValue()).isEqualTo(403);
    browser.get(console.base + "/jobs/" + running.id());
    assertThat(browser.findElements(By.id("cancel-job"))).isEmpty();
  }

  @Test
  void theActivityPageFiltersByUrlAndLinksToClusterPages() {
    signIn(ConsoleFixture.VIEWER);
    browser.get(console.base + "/activity?action=approve");
    List<WebElement> rows = browser.findElements(By.cssSelector("#audit tbody tr"));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).findElement(By.cssSelector("td.actor")).getText())
        .isEqualTo("setup via cli");
    rows.get(0).findElement(By.cssSelector("td.cluster a")).click();
    waitFor(() -> browser.getCurrentUrl().endsWith("/clusters/beta"));
    assertThat(text("cluster-name")).isEqualTo("beta");
  }

  @Test
  void everyHistoryPageFitsALaptopAndAPhone() {
    int[][] screens = {{1280, 800}, {390, 844}};
    for (String user : List.of(ConsoleFixture.ADMIN, ConsoleFixture.VIEWER)) {
      String who = user.equals(ConsoleFixture.ADMIN) ? "admin" : "viewer";
      Browser.windowViewport(browser);
      browser.manage().deleteAllCookies();
      signIn(user);
      try {
        for (int[] screen : screens) {
          Browser.viewport(browser, screen[0], screen[1]);
          Browser.fits(browser, console.base, "jobs-" + who, "/jobs", screen[0]);
          if (screen[0] >= 1280) {
            assertThat(
                    ((Number)
                            ((JavascriptExecutor) browser)
                                .executeScript(
                                    "var box = document.getElementById('jobs').parentElement;"
                                        + "return box.scrollWidth - box.clientWidth;"))
                        .intValue())
                .as("the Jobs table at %d px needs no scrolling of its own", screen[0])
                .isLessThanOrEqualTo(0);
          }
          Browser.fits(
              browser, console.base, "jobs-page2-" + who, "/jobs?user=ann&page=2", screen[0]);
          Browser.fits(browser, console.base, "jobs-beta-" + who, "/jobs?cluster=beta", screen[0]);
          Browser.fits(
              browser,
              console.base,
              "jobs-refused-" + who,
              "/jobs?state=bogus&cluster=nope",
              screen[0]);
          Browser.fits(browser, console.base, "job-failed-" + who, "/jobs/71", screen[0]);
          Browser.fits(browser, console.base, "activity-" + who, "/activity", screen[0]);
          Browser.fits(
              browser,
              console.base,
              "activity-filtered-" + who,
              "/activity?actor=setup",
              screen[0]);
        }
      } finally {
        Browser.windowViewport(browser);
      }
    }
  }
}
