package io.examlops.fleet.registry;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * Gives sqlite-jdbc its native library from the user's cache, extracted once per driver version.
 *
 * <p>Left to itself, sqlite-jdbc copies its 1 MB library into {@code java.io.tmpdir} in every
 * process, and first deletes the copies other processes left there: concurrent processes race for
 * the same copies and the loser prints a stack trace. Loaded in place from a directory of its own,
 * the library is neither copied nor raced for. Must run before the driver class is loaded.
 */
public final class SqliteNativeLibrary {
  private static final String VERSION_FILE =
      "/META-INF/maven/org.xerial/sqlite-jdbc/pom.properties";

  private SqliteNativeLibrary() {}

  /**
   * Points sqlite-jdbc at {@code cache/sqlite-jdbc/VERSION/OS/ARCH/}. Where that cannot be done (an
   * unwritable cache, a platform the driver has no library for) the driver keeps its own way.
   */
  public static void useCacheUnder(Path cache) {
    try {
      String folder = LibraryLoaderUtil.getNativeLibResourcePath();
      String name = LibraryLoaderUtil.getNativeLibName();
      String version = driverVersion();
      if (version == null) {
        return;
      }
      Path dir =
          cache.resolve("sqlite-jdbc").resolve(version + folder.replaceFirst(".*/native", ""));
      Path library = dir.resolve(name);
      if (!Files.isRegularFile(library) && !extract(folder + "/" + name, library)) {
        return;
      }
      System.setProperty("org.sqlite.lib.path", dir.toString());
      System.setProperty("org.sqlite.lib.name", name);
      // The driver cleans earlier copies from its temporary directory before loading: this one
      // holds only the library, whose name is not one of its copies' names.
      System.setProperty("org.sqlite.tmpdir", dir.toString());
    } catch (IOException | UncheckedIOException | SecurityException e) {
      // the cache is an optimisation: the driver's own extraction still works without it
    }
  }

  private static String driverVersion() throws IOException {
    try (InputStream in = SqliteNativeLibrary.class.getResourceAsStream(VERSION_FILE)) {
      if (in == null) {
        return null;
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version");
      return version == null || !version.matches("[0-9A-Za-z.-]+") ? null : version;
    }
  }

  /** Writes the library beside its final name and renames it there, so no process sees half. */
  private static boolean extract(String resource, Path library) throws IOException {
    try (InputStream in = SqliteNativeLibrary.class.getResourceAsStream(resource)) {
      if (in == null) {
        return false;
      }
      Files.createDirectories(library.getParent());
      Path partial = Files.createTempFile(library.getParent(), ".extracting-", ".tmp");
      try {
        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(partial);
      }
      return true;
    }
  }
}
