package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testbed.Testbed;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The console and the CLI on one home, each a real process, over the real Slurm + SSH testbed: a
 * cluster the CLI registered is approved in the console (in Chromium, after its pre-approval view
 * showed what is pinned), and {@code exa hpc clusters --json} and {@code exa hpc audit} see it; a
 * cluster the CLI approves shows on the console's page and in its API on the next request.
 */
class ConsoleAndCliIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;

  @Test
  void anApprovalInEitherShowsInTheOtherAtOnce() throws Exception {
    Testbed testbed = Testbed.require();
    Map<String, String> env = ConsoleFixture.testbedHome(home, testbed);
    for (String name : List.of("lxp", "lxq")) {
      List<String> connect =
          new ArrayList<>(List.of("hpc", "connect", Testbed.HOST, "--name", name));
      connect.addAll(List.of(testbed.sshOptions()));
      ExaRun connected = ExaRun.process(env, connect);
      assertThat(connected.exitCode()).as(connected.err()).isZero();
    }

    ChromeDriver browser = Browser.start(home.resolve("profile"));
    Process console = null;
    try {
      console = ConsoleFixture.startConsole(env, "--port", "0", "--refresh-interval", "3600");
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
      String created = out.readLine();
      Matcher file = Pattern.compile("password is in (\\S+) \\(").matcher(created);
      assertThat(file.find()).as(created).isTrue();
      String password = Files.readString(Path.of(file.group(1))).strip();
      String listening = out.readLine();
      Matcher port =
          Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)/").matcher(listening);
      assertThat(port.find()).as(listening).isTrue();
      String base = port.group(1);

      browser.get(base + "/login");
      browser.findElement(By.id("user")).sendKeys("admin");
      browser.findElement(By.id("password")).sendKeys(password);
      browser.findElement(By.id("sign-in")).click();
      // The first admin signs in with its one-time password and must choose its own first.
      waitFor(browser, () -> !browser.findElements(By.id("one-time")).isEmpty());
      browser.findElement(By.id("current")).sendKeys(password);
      browser.findElement(By.id("new-password")).sendKeys("the admin's own long password");
      browser.findElement(By.id("again")).sendKeys("the admin's own long password");
      browser.findElement(By.id("set-password")).click();
      waitFor(browser, () -> !browser.findElements(By.id("cluster-lxp")).isEmpty());

      WebElement lxp = browser.findElement(By.id("cluster-lxp"));
      assertThat(lxp.findElement(By.className("state-word")).getText()).isEqualTo("PENDING");
      lxp.findElement(By.className("review-link")).click();
      waitFor(browser, () -> !browser.findElements(By.id("review-lxp")).isEmpty());
      Map<String, String> pins = Browser.pins(browser.findElement(By.id("review-lxp")));
      assertThat(pins.get("Host")).isEqualTo(Testbed.HOST);
      assertThat(pins.get("Port")).isEqualTo(Integer.toString(Testbed.PORT));
      assertThat(pins.get("User")).isEqualTo(Testbed.USER);
      assertThat(pins.get("SSH key")).isEqualTo(fingerprint(testbed.key()));
      assertThat(pins.get("Host key")).isEqualTo(testbed.hostKeyFingerprint());
      assertThat(pins.get("Jump hosts")).isEqualTo("none (direct)");
      assertThat(pins.get("Scheduler")).isEqualTo("slurm");
      assertThat(pins.get("Partitions")).contains("gpu");
      assertThat(pins.get("GPUs found")).startsWith("6 (");
      Browser.screenshot(browser, "approve-testbed");
      browser.findElement(By.cssSelector("#review-lxp .approve-button")).click();
      waitFor(browser, () -> browser.findElement(By.id("state")).getText().equals("ACTIVE"));

      JsonNode clusters = cli(env, "--json", "hpc", "clusters");
      JsonNode approved = cluster(clusters, "lxp");
      assertThat(approved.get("state").asText()).isEqualTo("ACTIVE");
      assertThat(approved.get("decidedBy").asText()).isEqualTo("admin");
      assertThat(approved.at("/pinned/hostKeyFingerprint").asText())
          .isEqualTo(testbed.hostKeyFingerprint());
      ExaRun audit = ExaRun.process(env, List.of("hpc", "audit", "--cluster", "lxp"));
      assertThat(audit.exitCode()).as(audit.err()).isZero();
      assertThat(audit.out())
          .containsPattern("(?m)^\\S+ +admin +console +approve +lxp ")
          .containsPattern("(?m)^\\S+ +alice +cli +register +lxp ");

      ExaRun cliApproval = ExaRun.process(env, List.of("hpc", "approve", "lxq"));
      assertThat(cliApproval.exitCode()).as(cliApproval.err()).isZero();
      browser.get(base + "/");
      WebElement lxq = browser.findElement(By.id("cluster-lxq"));
      assertThat(lxq.findElement(By.className("state-word")).getText()).isEqualTo("ACTIVE");
      assertThat(lxq.findElement(By.className("decided-by")).getText()).isEqualTo("alice");
      browser.get(base + "/clusters/lxq");
      // the approval's row: the refresher may already have snapshotted the new ACTIVE cluster
      List<String> approvers =
          browser.findElements(By.cssSelector("#audit tr")).stream()
              .filter(r -> !r.findElements(By.cssSelector("td.action")).isEmpty())
              .filter(r -> r.findElement(By.cssSelector("td.action")).getText().equals("approve"))
              .map(r -> r.findElement(By.cssSelector("td.actor")).getText())
              .toList();
      assertThat(approvers).containsExactly("alice via cli");
      browser.get(base + ApiRoutes.BASE + "/lxq");
      JsonNode api = JSON.readTree(browser.findElement(By.tagName("body")).getText());
      assertThat(api.get("state").asText()).isEqualTo("ACTIVE");
      assertThat(api.get("decidedBy").asText()).isEqualTo("alice");
    } finally {
      browser.quit();
      if (console != null) {
        new ProcessBuilder("kill", "-INT", Long.toString(console.pid())).start().waitFor();
        if (!console.waitFor(20, TimeUnit.SECONDS)) {
          console.destroyForcibly();
        }
      }
    }
  }

  private static JsonNode cli(Map<String, String> env, String... args) throws Exception {
    ExaRun run = ExaRun.process(env, List.of(args));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JSON.readTree(run.out());
  }

  private static JsonNode cluster(JsonNode clusters, String name) {
    for (JsonNode c : clusters.get("clusters")) {
      if (c.get("name").asText().equals(name)) {
        return c;
      }
    }
    throw new AssertionError("no cluster " + name + " in " + clusters);
  }

  /** The key's fingerprint as ssh-keygen prints it ({@code SHA256:...}). */
  private static String fingerprint(Path key) throws Exception {
    Process p = new ProcessBuilder("ssh-keygen", "-lf", key.toString()).start();
    String line = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(line).isZero();
    return line.split(" ")[1];
  }

  private static void waitFor(ChromeDriver browser, java.util.function.BooleanSupplier condition) {
    Browser.waitFor(browser, condition);
  }
}
