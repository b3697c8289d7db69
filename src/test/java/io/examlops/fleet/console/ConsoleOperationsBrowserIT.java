package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.Exa;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.testing.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console an admin keeps open all day, in a real headless Chromium on a real console: pages
 * that follow changes made elsewhere (a CLI in another process) without a reload, a review that
 * never approves an entry edited since its probe, forms and sessions that keep the user in the
 * page, and the utilization chart's time axis.
 */
class ConsoleOperationsBrowserIT {
  @TempDir static Path dir;
  private static ConsoleFixture console;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    console = new ConsoleFixture(dir.resolve("stores"), "alpha", "beta", "gamma");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("alpha"));
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

  /** Marks the document: a reload makes a new one, without the mark. */
  private static void mark() {
    browser.executeScript("window.notReloaded = true;");
  }

  private static boolean stillTheSameDocument() {
    return Boolean.TRUE.equals(browser.executeScript("return window.notReloaded === true;"));
  }

  private static Object js(String script) {
    return browser.executeScript(script);
  }

  @Test
  void aJobSubmittedWithTheCliAndANewRequestShowWithoutAReload() throws Exception {
    signIn(ConsoleFixture.ADMIN);
    browser.get(console.base + "/clusters/alpha");
    waitFor(() -> "live".equals(browser.findElement(By.id("live-status")).getText()));
    mark();
    assertThat(browser.findElement(By.id("main")).getText()).doesNotContain("from-the-cli");

    Path script = dir.resolve("from-the-cli.sh");
    Files.writeString(script, "#!/bin/sh\necho hello\n");
    ProcessBuilder exa =
        new ProcessBuilder(
                JavaCommand.of(
                    Exa.class,
                    List.of(),
                    List.of(
                        "hpc",
                        "submit",
                        "--cluster",
                        "alpha",
                        "--gpus",
                        "1",
                        "--name",
                        "from-the-cli",
                        script.toString())))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("cli.log").toFile());
    exa.environment().clear();
    exa.environment().putAll(console.env);
    Process cli = exa.start();
    assertThat(cli.waitFor())
        .as(Files.readString(dir.resolve("cli.log"), StandardCharsets.UTF_8))
        .isZero();

    waitFor(() -> browser.findElement(By.id("main")).getText().contains("from-the-cli"));
    assertThat(stillTheSameDocument()).as("shown without a reload").isTrue();

    String pendingBefore = browser.findElement(By.id("pending-count")).getAttribute("data-pending");
    console
        .fleet
        .governance()
        .connect(ConsoleFixture.SETUP, new ConnectRequest("delta", HostTarget.of("local"), "mock"));
    waitFor(
        () ->
            !pendingBefore.equals(
                browser.findElement(By.id("pending-count")).getAttribute("data-pending")));
    assertThat(browser.findElement(By.id("pending-count")).getText())
        .isEqualTo((Integer.parseInt(pendingBefore) + 1) + " pending");
    assertThat(stillTheSameDocument()).isTrue();
    Browser.screenshot(browser, "operations-live-cluster-1280");
  }

  @Test
  void anEntryEditedSinceItsProbeCannotBeApprovedBeforeItIsProbedAgain() throws Exception {
    Path yaml = Path.of(console.env.get("EXAMLOPS_HPC_REGISTRY"));
    String asRegistered = Files.readString(yaml);
    // beta's entry now names another scheduler than the one its probe found.
    String betaEdited = editEntry(asRegistered, "beta", "scheduler: mock", "scheduler: slurm");
    Files.writeString(yaml, betaEdited);
    try {
      signIn(ConsoleFixture.ADMIN);
      browser.get(console.base + "/clusters/beta");
      WebElement panel = browser.findElement(By.id("review-beta"));
      assertThat(panel.findElement(By.cssSelector(".edited-since-probe")).getText())
          .contains("Edited since its last probe")
          .contains("scheduler changed from mock to slurm");
      assertThat(panel.findElements(By.cssSelector(".approve-button"))).isEmpty();
      assertThat(panel.findElement(By.cssSelector(".reprobe-button")).getText())
          .isEqualTo("Re-probe beta");
      assertThat(Browser.pins(panel)).containsEntry("Transport", "local");
      Browser.screenshot(browser, "operations-edited-review-1280");
      Browser.viewport(browser, 390, 844);
      browser.navigate().refresh();
      Browser.screenshot(browser, "operations-edited-review-390");
      Browser.windowViewport(browser);

      // A form sent all the same (a page kept from before the edit) approves nothing.
      String revision = console.fleet.governance().cluster("beta").revision();
      Object status =
          js(
              "const f = new URLSearchParams({csrf: document.querySelector('input[name=csrf]').value,"
                  + " revision: '"
                  + revision
                  + "'});"
                  + "const r = new XMLHttpRequest(); r.open('POST', '/clusters/beta/approve', false);"
                  + "r.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded');"
                  + "r.send(f.toString()); return r.status + ' ' + r.responseText;");
      assertThat(String.valueOf(status)).contains("was edited since it was probed");
      assertThat(console.fleet.governance().cluster("beta").state().name()).isEqualTo("PENDING");

      // The entry as it was probed: approvable again, and a re-probe records a new probe.
      Files.writeString(yaml, asRegistered);
      browser.navigate().refresh();
      panel = browser.findElement(By.id("review-beta"));
      assertThat(panel.findElements(By.cssSelector(".edited-since-probe"))).isEmpty();
      panel.findElement(By.cssSelector(".reprobe-button")).click();
      waitFor(() -> browser.findElements(By.id("notice")).size() == 1);
      assertThat(browser.findElement(By.id("notice")).getText())
          .startsWith("Probed beta again through its entry as it is now");
      browser.findElement(By.cssSelector("#review-beta .approve-button")).click();
      waitFor(() -> browser.findElement(By.id("state")).getText().equals("ACTIVE"));
    } finally {
      Files.writeString(yaml, asRegistered);
    }
  }

  /** {@code yaml} with {@code from} replaced by {@code to} in the entry of {@code cluster} only. */
  private static String editEntry(String yaml, String cluster, String from, String to) {
    int start = yaml.indexOf("\n  " + cluster + ":");
    assertThat(start).as("entry of " + cluster + " in " + yaml).isPositive();
    int end = yaml.indexOf("\n  ", yaml.indexOf('\n', start + 1));
    while (end > 0 && yaml.startsWith("\n    ", end)) {
      end = yaml.indexOf("\n  ", end + 1);
    }
    int stop = end < 0 ? yaml.length() : end;
    String entry = yaml.substring(start, stop);
    assertThat(entry).contains(from);
    return yaml.substring(0, start) + entry.replace(from, to) + yaml.substring(stop);
  }

  @Test
  void clustersThatMayNotReceiveWorkShowNoFreeGpus() {
    signIn(ConsoleFixture.VIEWER);
    assertThat(browser.findElement(By.cssSelector("#cluster-gamma .gpus")).getText())
        .isEqualTo("4 GPUs found; none usable until approved");
    assertThat(browser.findElement(By.cssSelector("#cluster-gamma .gpus")).getText())
        .doesNotContain("free");
  }

  @Test
  void anErrorPageKeepsTheHeaderAndItsPendingBadge() {
    signIn(ConsoleFixture.VIEWER);
    browser.get(console.base + "/clusters/no-such-cluster");
    assertThat(browser.findElement(By.id("error-message")).getText()).contains("no-such-cluster");
    assertThat(browser.findElement(By.id("pending-count")).isDisplayed()).isTrue();
    assertThat(browser.findElement(By.id("pending-count")).getText()).endsWith("pending");
    assertThat(browser.findElement(By.id("tasks")).getText()).contains("Capacity");
  }

  private static WebElement chart() {
    return browser.findElement(By.id("chart-utilization"));
  }

  @Test
  void theUtilizationChartHasRoundTicksOnTheUsersClockAndNamesEachSeries() {
    console.fleet.discovery().refresh(ConsoleFixture.SETUP, new RefreshRequest("alpha"));
    // A clock half an hour off UTC: ticks round on the user's clock are not round in UTC.
    browser.executeCdpCommand(
        "Emulation.setTimezoneOverride", Map.of("timezoneId", "Asia/Kolkata"));
    try {
      signIn(ConsoleFixture.VIEWER);
      browser.get(console.base + "/capacity");
      waitFor(() -> chart().getAttribute("data-ticks") != null);
      assertThat(browser.findElement(By.cssSelector("#range option:checked")).getAttribute("value"))
          .as("the default range fits the data")
          .isEqualTo("fit");
      assertThat(Integer.parseInt(chart().getAttribute("data-tick-step")))
          .as("minutes of data get a minutes' axis")
          .isLessThanOrEqualTo(5);

      new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("range")))
          .selectByValue("day");
      waitFor(() -> "180".equals(chart().getAttribute("data-tick-step")));
      List<String> ticks = Arrays.asList(chart().getAttribute("data-ticks").split("\\|"));
      assertThat(ticks).hasSizeBetween(7, 9);
      for (String tick : ticks) {
        assertThat(tick).matches("\\d\\d:00");
        int hour = Integer.parseInt(tick.substring(0, 2));
        assertThat(hour % 3).as(tick + " is a whole 3 hours on the user's clock").isZero();
      }
      @SuppressWarnings("unchecked")
      List<String> series =
          (List<String>)
              js(
                  "return document.getElementById('chart-utilization').chart.data.datasets"
                      + ".map(d => d.label);");
      assertThat(series).contains("alpha", "fleet: GPUs in use", "fleet: GPUs in total");
      assertThat(
              String.valueOf(
                  js(
                      "return document.getElementById('chart-utilization').chart.options.scales.x"
                          + ".title.text;")))
          .isIn("time (Asia/Kolkata)", "time (Asia/Calcutta)");
      Browser.screenshot(browser, "operations-chart-1280");
      Browser.viewport(browser, 390, 844);
      browser.navigate().refresh();
      waitFor(
          () -> browser.findElement(By.id("chart-utilization")).getAttribute("data-ticks") != null);
      Browser.screenshot(browser, "operations-chart-390");
    } finally {
      browser.executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", ""));
    }
  }
}
