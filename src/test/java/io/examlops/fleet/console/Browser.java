package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by Debian's chromedriver: both paths are given, so Selenium
 * downloads nothing. Missing packages fail the test with how to install them (never a skip).
 */
public final class Browser {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /** A full-page screenshot stops here: a page longer than this is cut. */
  private static final int MAX_SHOT_HEIGHT = 6000;

  private Browser() {}

  public static ChromeDriver start(Path profile) {
    for (Path p : new Path[] {CHROMIUM, CHROMEDRIVER}) {
      if (!Files.isExecutable(p)) {
        throw new AssertionError(
            p
                + " is missing: install Debian's chromium and chromium-driver"
                + " (bash scripts/testbed/install-packages.sh, as root)");
      }
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1400,1000",
        "--user-data-dir=" + profile);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    return new ChromeDriver(service, options);
  }

  /**
   * Lays pages out as a screen {@code width} × {@code height} CSS pixels shows them; a narrow one
   * as a phone does (so a page without a viewport setting is laid out 980 px wide, as a phone
   * would).
   */
  static void viewport(ChromeDriver driver, int width, int height) {
    driver.executeCdpCommand(
        "Emulation.setDeviceMetricsOverride",
        Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", width < 600));
  }

  /**
   * Waits until {@code condition} holds; a page being replaced by the next one leaves stale
   * elements for a moment, so those are looked for again.
   */
  static void waitFor(ChromeDriver driver, BooleanSupplier condition) {
    new WebDriverWait(driver, Duration.ofSeconds(30))
        .ignoring(StaleElementReferenceException.class)
        .ignoring(NoSuchElementException.class)
        .until(d -> condition.getAsBoolean());
  }

  /**
   * The text of every element {@code css} matches, read in one step of the page: a live page that
   * redraws its table between two reads of one element by one would leave the second stale.
   */
  static List<String> texts(ChromeDriver driver, String css) {
    List<?> texts =
        (List<?>)
            driver.executeScript(
                "return Array.from(document.querySelectorAll(arguments[0]),"
                    + " e => e.innerText.trim())",
                css);
    return texts.stream().map(String::valueOf).toList();
  }

  /** Signs in on the console's form and waits for the signed-in page. */
  static void signIn(ChromeDriver driver, String base, String user, String password) {
    driver.get(base + "/login");
    driver.findElement(By.id("user")).sendKeys(user);
    driver.findElement(By.id("password")).sendKeys(password);
    driver.findElement(By.id("sign-in")).click();
    waitFor(driver, () -> driver.findElements(By.id("who")).size() == 1);
  }

  /** Back to the window's own size. */
  static void windowViewport(ChromeDriver driver) {
    driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
  }

  /** The whole page (up to {@link #MAX_SHOT_HEIGHT} px), as {@code target/screenshots/NAME.png}. */
  public static void screenshot(ChromeDriver driver, String name) {
    Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
    @SuppressWarnings("unchecked")
    Map<String, Object> size = (Map<String, Object>) metrics.get("cssContentSize");
    @SuppressWarnings("unchecked")
    Map<String, Object> view = (Map<String, Object>) metrics.get("cssLayoutViewport");
    double width = ((Number) view.get("clientWidth")).doubleValue();
    double height = Math.min(MAX_SHOT_HEIGHT, ((Number) size.get("height")).doubleValue());
    Map<String, Object> shot =
        driver.executeCdpCommand(
            "Page.captureScreenshot",
            Map.of(
                "format",
                "png",
                "captureBeyondViewport",
                true,
                "clip",
                Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1)));
    try {
      Files.createDirectories(SCREENSHOTS);
      Files.write(
          SCREENSHOTS.resolve(name + ".png"),
          Base64.getDecoder().decode((String) shot.get("data")));
    } catch (IOException e) {
      throw new AssertionError("cannot keep the screenshot " + name + ": " + e, e);
    }
  }

  /** A review panel's pins (its {@code dl.pins}), label to value. */
  static Map<String, String> pins(WebElement panel) {
    List<WebElement> labels = panel.findElements(By.cssSelector("dl.pins dt"));
    List<WebElement> values = panel.findElements(By.cssSelector("dl.pins dd"));
    Map<String, String> pins = new LinkedHashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      pins.put(labels.get(i).getText(), values.get(i).getText());
    }
    return pins;
  }

  /**
   * Opens {@code path} at a screen {@code width} px wide (set with {@link #viewport}) and checks
   * that the page is laid out for it and does not scroll sideways (a wide table scrolls in its own
   * box), naming what sticks out; then keeps its screenshot as {@code NAME-WIDTH}.
   */
  static void fits(ChromeDriver browser, String base, String page, String path, int width) {
    browser.get(base + path);
    JavascriptExecutor js = browser;
    long inner = ((Number) js.executeScript("return window.innerWidth")).longValue();
    long scroll =
        ((Number) js.executeScript("return document.documentElement.scrollWidth")).longValue();
    // What sticks out, so that a failure names it.
    Object wide =
        js.executeScript(
            "var w = window.innerWidth, out = [];"
                + "document.querySelectorAll('body *').forEach(function (e) {"
                + "  var r = e.getBoundingClientRect();"
                + "  if (r.right > w + 1 && !e.closest('.table-box')) {"
                + "    out.push(e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className"
                + "      + ' ' + Math.round(r.right)); } });"
                + "return out.slice(0, 8).join(', ');");
    assertThat(inner)
        .as(path + " is laid out for the screen's width; too wide: " + wide)
        .isEqualTo(width);
    assertThat(scroll)
        .as(path + " at " + width + " px scrolls sideways; too wide: " + wide)
        .isLessThanOrEqualTo(inner);
    assertThat(
            browser.findElements(
                By.cssSelector(
                    "meta[name=viewport][content='width=device-width, initial-scale=1']")))
        .as(path + " has a viewport setting")
        .hasSize(1);
    Browser.screenshot(browser, page + "-" + width);
  }
}
