package io.examlops.fleet.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The product's version, the Maven project's: the build writes it into {@code version.txt} (a
 * filtered resource), so that {@code exa --version}, the MCP server's info and the release
 * archive's name never disagree.
 */
public final class ProductVersion {
  private static final String VERSION = read();

  private ProductVersion() {}

  /** e.g. {@code 0.1.0}. */
  public static String get() {
    return VERSION;
  }

  private static String read() {
    try (InputStream in = ProductVersion.class.getResourceAsStream("version.txt")) {
      if (in == null) {
        throw new IllegalStateException("version.txt is missing from the build of exa");
      }
      String version = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      if (version.isEmpty() || version.contains("${")) {
        throw new IllegalStateException(
            "version.txt holds '" + version + "': build exa with Maven, which writes the version");
      }
      return version;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
