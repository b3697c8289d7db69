package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.testing.TestFleets;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
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
 * The console's trust, driven as a person (or an attacker's page) would in a real headless
 * Chromium: a removed admin's open page, a password changed under an open session, a stale review,
 * a sign-in posted from another origin, a viewer-owned admin token, the first admin's one-time
 * password. Changes "from the CLI" go through another {@link Fleet} on the same stores, as {@code
 * exa} in another process does.
 */
class TrustBrowserIT {
  private static final Actor CLI = new Actor("root", Actor.CLI);

  @TempDir static Path dir;
  private static ConsoleFixture console;
  private static Fleet cli;
  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    console = new ConsoleFixture(dir.resolve("stores"), "alpha", "beta", "theta", "iota");
    cli = TestFleets.fleet(console.env);
    cli.access().addUser(CLI, "root", Role.ADMIN, ConsoleFixture.PASSWORD.toCharArray());
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

  private static void signIn(String base, String user, String password) {
    try {
      Browser.signIn(browser, base, user, password);
    } catch (RuntimeException e) {
      throw new AssertionError(
          "not signed in: "
              + browser.getCurrentUrl()
              + "\n"
              + browser.manage().getCookies()
              + "\n"
              + browser.getPageSource(),
          e);
    }
  }

  private static void waitFor(java.util.function.BooleanSupplier condition) {
    Browser.waitFor(browser, condition);
  }

  /** The cluster's panel on the Review page. */
  private static WebElement review(String cluster) {
    return browser.findElement(By.id("review-" + cluster));
  }

  @Test
  void aRemovedAdminsOpenPageCannotApprove() {
    cli.access().addUser(CLI, "ada", Role.ADMIN, ConsoleFixture.PASSWORD.toCharArray());
    signIn(console.base, "ada", ConsoleFixture.PASSWORD);
    browser.get(console.base + "/review");

    cli.access().removeUser(CLI, "ada");

    review("alpha").findElement(By.className("approve-button")).click();
    // Not a bare 401: the sign-in page, saying why, and then back to the page the form was on.
    waitFor(() -> browser.getCurrentUrl().contains("/login?ended&next=%2Freview"));
    assertThat(browser.findElement(By.id("message")).getText()).contains("Your session ended");
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
    Browser.screenshot(browser, "session-ended");
    browser.findElement(By.id("user")).sendKeys(ConsoleFixture.ADMIN);
    browser.findElement(By.id("password")).sendKeys(ConsoleFixture.PASSWORD);
    browser.findElement(By.id("sign-in")).click();
    waitFor(() -> browser.getCurrentUrl().equals(console.base + "/review"));
    assertThat(review("alpha").findElements(By.className("approve-button"))).hasSize(1);
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void aPasswordChangeEndsTheOldSession() {
    cli.access().addUser(CLI, "pat", Role.VIEWER, ConsoleFixture.PASSWORD.toCharArray());
    signIn(console.base, "pat", ConsoleFixture.PASSWORD);
    cli.access().setPassword(CLI, "pat", "pat's new long password".toCharArray());
    browser.get(console.base + "/capacity");
    waitFor(() -> browser.getCurrentUrl().contains("/login?ended"));
    assertThat(browser.findElement(By.id("message")).getText()).contains("password changed");
    signIn(console.base, "pat", "pat's new long password");
    assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("pat (viewer)");
  }

  @Test
  void approvingAStalePageIsRefusedWithWhatChanged() {
    signIn(console.base, ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    // A page that does not follow changes (its stream cut, as some proxies do) stays as drawn.
    browser.executeCdpCommand("Network.enable", java.util.Map.of());
    browser.executeCdpCommand(
        "Network.setBlockedURLs", java.util.Map.of("urls", List.of("*/live")));
    try {
      browser.get(console.base + "/review");
      cli.governance().reject(CLI, new RejectRequest("theta", "wrong account"));
      review("theta").findElement(By.className("approve-button")).click();
    } finally {
      browser.executeCdpCommand("Network.setBlockedURLs", java.util.Map.of("urls", List.of()));
    }
    waitFor(() -> browser.findElements(By.id("error-message")).size() == 1);
    assertThat(browser.findElement(By.id("error-message")).getText())
        .contains("changed since it was reviewed")
        .contains("was PENDING and is now REJECTED")
        .contains("decided by root at")
        .contains("wrong account");
    Browser.screenshot(browser, "stale-review");
    assertThat(console.state("theta")).isEqualTo(ClusterState.REJECTED);
  }

  @Test
  void aSignInPostedFromAnotherOriginSignsNobodyIn() throws Exception {
    signIn(console.base, ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    String page =
        "<!DOCTYPE html><html><body><form id=f method=post action='"
            + console.base
            + "/login'><input name=user value=vic><input name=password value='"
            + ConsoleFixture.PASSWORD
            + "'></form><script>document.getElementById('f').submit()</script></body></html>";
    HttpServer attacker = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    attacker.createContext(
        "/",
        exchange -> {
          byte[] body = page.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    attacker.start();
    try {
      browser.get("http://localhost:" + attacker.getAddress().getPort() + "/");
      waitFor(() -> browser.getCurrentUrl().startsWith(console.base + "/login"));
      waitFor(() -> browser.findElements(By.id("message")).size() == 1);
      assertThat(browser.findElement(By.id("message")).getText())
          .contains("did not come from this console's own sign-in page");
    } finally {
      attacker.stop(0);
    }
    browser.get(console.base + "/");
    waitFor(() -> browser.findElements(By.id("who")).size() == 1);
    assertThat(browser.findElement(By.id("who")).getText())
        .as("still the victim's own session")
        .isEqualTo("ann (admin)");
  }

  @Test
  void aViewerOwnedTokenWithTheAdminScopeIsRefused() {
    signIn(console.base, ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    browser.get(console.base + "/admin/access");
    WebElement form = browser.findElement(By.id("new-token-form"));
    form.findElement(By.name("name")).sendKeys("vic-admin");
    new org.openqa.selenium.support.ui.Select(form.findElement(By.name("owner")))
        .selectByValue(ConsoleFixture.VIEWER);
    form.findElement(By.cssSelector("input[value=admin]")).click();
    form.findElement(By.name("clusters")).sendKeys("alpha beta");
    form.findElement(By.tagName("button")).click();

    // The form comes back as it was sent, with the message in it: nothing typed is lost.
    waitFor(() -> browser.findElements(By.cssSelector("#new-token-form .error")).size() == 1);
    form = browser.findElement(By.id("new-token-form"));
    assertThat(browser.getTitle()).startsWith("Users and tokens");
    assertThat(form.findElement(By.cssSelector(".error")).getText())
        .contains("user 'vic' is a viewer")
        .contains("not admin");
    assertThat(form.findElement(By.name("name")).getAttribute("value")).isEqualTo("vic-admin");
    assertThat(form.findElement(By.name("clusters")).getAttribute("value")).isEqualTo("alpha beta");
    assertThat(form.findElement(By.cssSelector("input[value=admin]")).isSelected()).isTrue();
    assertThat(
            new org.openqa.selenium.support.ui.Select(form.findElement(By.name("owner")))
                .getFirstSelectedOption()
                .getAttribute("value"))
        .isEqualTo(ConsoleFixture.VIEWER);
    assertThat(console.fleet.access().tokens()).noneMatch(t -> t.name().equals("vic-admin"));
    Browser.screenshot(browser, "token-form-refused-1280");
  }

  @Test
  void theFirstAdminChoosesItsOwnPasswordBeforeAnythingElse() throws Exception {
    Path stores = dir.resolve("first");
    Map<String, String> env = ConsoleFixture.storesIn(stores, "setup");
    Fleet fleet = TestFleets.fleet(env);
    AccessService access = fleet.access();
    String file =
        access.createFirstAdmin(new Actor("setup", Actor.CONSOLE)).orElseThrow().passwordFile();
    String oneTime = Files.readString(Path.of(file)).strip();
    try (ConsoleServer first =
        new ConsoleServer(
            fleet,
            new ConsoleSettings("127.0.0.1", 0, Duration.ofMinutes(5), false),
            Clock.systemUTC())) {
      String base = "http://127.0.0.1:" + first.start();
      browser.get(base + "/login");
      browser.findElement(By.id("user")).sendKeys("admin");
      browser.findElement(By.id("password")).sendKeys(oneTime);
      browser.findElement(By.id("sign-in")).click();
      waitFor(() -> browser.findElements(By.id("one-time")).size() == 1);
      assertThat(browser.getCurrentUrl()).endsWith(SignIn.OWN_PASSWORD);
      Browser.screenshot(browser, "first-password");
      browser.get(base + "/capacity");
      waitFor(() -> browser.getCurrentUrl().endsWith(SignIn.OWN_PASSWORD));

      browser.findElement(By.id("current")).sendKeys(oneTime);
      browser.findElement(By.id("new-password")).sendKeys("the admin's own password");
      browser.findElement(By.id("again")).sendKeys("the admin's own password");
      browser.findElement(By.id("set-password")).click();
      waitFor(() -> browser.findElements(By.id("notice")).size() == 1);
      assertThat(browser.findElement(By.id("notice")).getText())
          .isEqualTo("Your new password is set.");
      browser.get(base + "/capacity");
      assertThat(browser.getCurrentUrl()).endsWith("/capacity");
      assertThat(Files.exists(Path.of(file))).as("the one-time password's file is gone").isFalse();
    }
  }
}
