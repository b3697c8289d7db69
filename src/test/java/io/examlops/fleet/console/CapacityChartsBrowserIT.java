package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.UtilizationHistory;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The capacity page's charts in a real headless Chromium: each cluster drawn at its own sample
 * times on a time axis, the fleet's totals, the currency, whole GPUs on every GPU axis, and "no
 * data yet" with its reason when there is nothing to draw.
 */
class CapacityChartsBrowserIT {
  @TempDir static Path profile;
  @TempDir Path dir;
  private static ChromeDriver browser;
  private ConsoleFixture console;

  @BeforeAll
  static void startBrowser() {
    browser = Browser.start(profile);
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @AfterEach
  void stopConsole() {
    if (console != null) {
      console.close();
    }
  }

  @Test
  void withNothingActiveEachChartSaysWhyItHasNoData() {
    console = new ConsoleFixture(dir, "alpha");
    openCapacity();
    for (String chart : List.of("chart-free", "chart-utilization", "chart-cost")) {
      waitFor(() -> browser.findElement(By.id(chart)).getAttribute("data-points") != null);
      assertThat(browser.findElement(By.id(chart)).getAttribute("data-points")).isEqualTo("0");
      assertThat(browser.findElement(By.id(chart)).isDisplayed()).isFalse();
      assertThat(browser.findElement(By.id(chart + "-none")).getText())
          .as(chart)
          .startsWith("no data yet: ");
    }
    assertThat(browser.findElement(By.id("chart-utilization-none")).getText())
        .contains("no cluster is ACTIVE");
    Browser.screenshot(browser, "capacity-no-data");
  }

  @Test
  void eachClusterIsDrawnAtItsOwnTimesWithTheFleetAndWholeGpus() {
    console = new ConsoleFixture(dir, "alpha", "beta");
    for (String name : List.of("alpha", "beta")) {
      console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest(name));
    }
    // Samples at times of their own: alpha's 50 and 40 minutes ago, beta's 20 and 10.
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    List<Instant> alphaAt =
        List.of(now.minus(Duration.ofMinutes(50)), now.minus(Duration.ofMinutes(40)));
    List<Instant> betaAt =
        List.of(now.minus(Duration.ofMinutes(20)), now.minus(Duration.ofMinutes(10)));
    record("alpha", alphaAt);
    record("beta", betaAt);

    openCapacity();
    JavascriptExecutor js = (JavascriptExecutor) browser;
    js.executeScript(
        "var r = document.getElementById('range'); r.value = 'hour';"
            + " r.dispatchEvent(new Event('change'));");
    waitFor(
        () ->
            Boolean.TRUE.equals(
                js.executeScript(
                    "var c = Chart.getChart('chart-utilization');"
                        + " return !!c && c.options.scales.x.min > Date.now() - 2 * 3600e3;")));

    assertThat(js.executeScript("return Chart.getChart('chart-utilization').scales.x.type"))
        .isEqualTo("linear");
    assertThat(xs(js, "alpha"))
        .containsAll(millis(alphaAt))
        .doesNotContainAnyElementsOf(millis(betaAt));
    assertThat(xs(js, "beta"))
        .containsAll(millis(betaAt))
        .doesNotContainAnyElementsOf(millis(alphaAt));
    assertThat(xs(js, "fleet: GPUs in use"))
        .containsAll(millis(alphaAt))
        .containsAll(millis(betaAt));
    Object fleetTotalAtBeta =
        js.executeScript(
            "return Chart.getChart('chart-utilization').data.datasets"
                + ".find(d => d.label === 'fleet: GPUs in total').data"
                + ".find(p => p.x === arguments[0]).y",
            betaAt.get(0).toEpochMilli());
    assertThat(((Number) fleetTotalAtBeta).intValue())
        .as("alpha's 4 GPUs and beta's 4")
        .isEqualTo(8);
    for (String chart : List.of("chart-utilization", "chart-free")) {
      assertThat(
              js.executeScript(
                  "var t = Chart.getChart(arguments[0]).scales.y.ticks;"
                      + " return t.length > 1 && t.every(k => Number.isInteger(k.value));",
                  chart))
          .as(chart + ": whole GPUs only")
          .isEqualTo(true);
    }
    assertThat(
            js.executeScript(
                "return Chart.getChart('chart-free').data.labels[Chart.getChart('chart-free')"
                    + ".data.labels.length - 1]"))
        .isEqualTo("fleet");
    assertThat(browser.findElement(By.id("fleet-total")).getText()).contains("of 8 free");
    assertThat(browser.findElement(By.id("free-by-cluster")).getText()).contains("Cost (USD)");
    assertThat(browser.findElement(By.className("rate")).getText())
        .contains("2.50 USD per GPU-hour");
    waitFor(() -> browser.findElement(By.id("chart-cost")).getAttribute("data-points") != null);
    assertThat(js.executeScript("return Chart.getChart('chart-cost').options.scales.y.title.text"))
        .as("the cost axis names its currency")
        .isEqualTo("USD");
    Browser.screenshot(browser, "capacity-charts");
  }

  private void openCapacity() {
    browser.get(console.base + "/login");
    browser.manage().deleteAllCookies();
    browser.get(console.base + "/login");
    browser.findElement(By.id("user")).sendKeys(ConsoleFixture.VIEWER);
    browser.findElement(By.id("password")).sendKeys(ConsoleFixture.PASSWORD);
    browser.findElement(By.id("sign-in")).click();
    waitFor(() -> browser.findElements(By.id("who")).size() == 1);
    browser.get(console.base + "/capacity");
  }

  /** Samples of the mock cluster's nodes as read now, recorded at the times given. */
  private void record(String cluster, List<Instant> times) {
    List<NodeInfo> nodes =
        console
            .fleet
            .discovery()
            .nodes(Refresher.AS, new NodesRequest(null, cluster, ReadFrom.SCHEDULER, false))
            .nodes();
    Map<String, String> env = console.env;
    UtilizationHistory history =
        new UtilizationHistory(
            ClusterRegistry.open(TestFleets.settings(env), Clock.systemUTC()).platformDb());
    times.forEach(at -> history.record(cluster, at, nodes));
  }

  @SuppressWarnings("unchecked")
  private static List<Long> xs(JavascriptExecutor js, String label) {
    List<Number> xs =
        (List<Number>)
            js.executeScript(
                "return Chart.getChart('chart-utilization').data.datasets"
                    + ".find(d => d.label === arguments[0]).data.map(p => p.x)",
                label);
    return xs.stream().map(Number::longValue).toList();
  }

  private static List<Long> millis(List<Instant> times) {
    return times.stream().map(Instant::toEpochMilli).toList();
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    Browser.waitFor(browser, condition);
  }
}
