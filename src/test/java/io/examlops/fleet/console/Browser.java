package io.examlops.fleet.console;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by Debian's chromedriver: both paths are given, so Selenium
 * downloads nothing. Missing packages fail the test with how to install them (never a skip).
 */
final class Browser {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

  private Browser() {}

  static ChromeDriver start(Path profile) {
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

  static void screenshot(ChromeDriver driver, String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
      Files.copy(
          shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new AssertionError("cannot keep the screenshot " + name + ": " + e, e);
    }
  }
}
