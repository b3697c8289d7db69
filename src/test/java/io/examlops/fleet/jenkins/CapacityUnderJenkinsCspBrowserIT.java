package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.examlops.fleet.console.Browser;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * hpcCapacity's report and chart as Jenkins serves them: over HTTP with exactly the
 * Content-Security-Policy Jenkins sets on archived and published files, looked at in headless
 * Chromium. The report's styles apply (they come from its .css file, which 'self' allows; inline
 * styles would be dropped), its bars are drawn, and the SVG shows as an image, as a view's
 * description would embed it (screenshots in target/screenshots/).
 */
class CapacityUnderJenkinsCspBrowserIT {
  /**
   * Jenkins' default (hudson.model.DirectoryBrowserSupport.CSP) since 2.414.2; the one before
   * lacked allow-same-origin, which this report does not need either.
   */
  static final String JENKINS_CSP =
      "sandbox allow-same-origin; default-src 'none'; img-src 'self'; style-src 'self';";

  @TempDir Path dir;
  @TempDir Path profile;

  @Test
  void theReportAndTheChartRenderUnderJenkinsDefaultCsp() throws Exception {
    Map<String, String> agent = MockFleet.agent(dir, 4, "capacity", "1");
    Pipeline pipeline = new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), agent);
    pipeline.step("hpcSubmit", Map.of("cluster", "demo", "script", "#!/bin/sh\ntrue\n"));
    pipeline.step("hpcCapacity", Map.of("report", "out/capacity.html", "svg", "out/capacity.svg"));
    Path out = dir.resolve("ws/out");
    assertThat(pipeline.log().text())
        .doesNotContain("unknown%")
        .doesNotContainPattern("\\d\\.\\d{3,}");
    String html = Files.readString(out.resolve("capacity.html"));
    String svg = Files.readString(out.resolve("capacity.svg"));
    assertThat(html).doesNotContain("<style").doesNotContain("style=").doesNotContain("<script");
    assertThat(svg)
        .doesNotContain("<style")
        .doesNotContain("style=")
        .doesNotContain("<script")
        .doesNotContain("href")
        .contains("<title>")
        // stamped: a chart left on a view says how old its figures are
        .containsPattern(">as of \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC</text>");
    Files.writeString(
        out.resolve("view.html"),
        "<!DOCTYPE html><html><body><p>Fleet</p><img id=\"chart\" src=\"capacity.svg\"></body></html>");

    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          Path file = out.resolve(exchange.getRequestURI().getPath().substring(1)).normalize();
          byte[] body =
              file.startsWith(out) && Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
          String name = file.getFileName().toString();
          String type =
              name.endsWith(".css")
                  ? "text/css"
                  : name.endsWith(".svg") ? "image/svg+xml" : "text/html; charset=utf-8";
          exchange.getResponseHeaders().set("Content-Security-Policy", JENKINS_CSP);
          exchange.getResponseHeaders().set("Content-Type", type);
          exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
          if (body != null) {
            try (OutputStream o = exchange.getResponseBody()) {
              o.write(body);
            }
          }
          exchange.close();
        });
    server.start();
    ChromeDriver browser = Browser.start(profile);
    try {
      String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
      browser.get(base + "capacity.html");
      assertThat(browser.findElement(By.tagName("body")).getCssValue("font-family"))
          .as("the stylesheet applied")
          .contains("sans-serif");
      assertThat(browser.findElement(By.tagName("table")).getCssValue("border-collapse"))
          .isEqualTo("collapse");
      WebElement meter = browser.findElement(By.tagName("meter"));
      assertThat(meter.getSize().getWidth())
          .as("the bar's width, from the stylesheet")
          .isEqualTo(120);
      assertThat(meter.getSize().getHeight()).isPositive();
      assertThat(browser.findElement(By.id("totals")).getText()).contains("of 4 GPUs idle");
      Browser.screenshot(browser, "jenkins-capacity-report-csp");

      browser.get(base + "view.html");
      WebElement chart = browser.findElement(By.id("chart"));
      assertThat(chart.getSize().getWidth())
          .as("the SVG drawn at its own width")
          .isGreaterThan(300);
      assertThat(chart.getSize().getHeight()).isGreaterThan(40);
      Browser.screenshot(browser, "jenkins-capacity-chart-csp");
      browser.get(base + "capacity.svg");
      Browser.screenshot(browser, "jenkins-capacity-chart");
      assertThat(browser.findElements(By.cssSelector("rect[fill='#3572b0'], rect.used")))
          .isNotEmpty();
    } finally {
      browser.quit();
      server.stop(0);
    }
  }
}
