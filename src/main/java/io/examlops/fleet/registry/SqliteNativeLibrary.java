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
 * the library is neither copied nor raced for.
 */
public final class SqliteNativeLibrary {
  private static final String VERSION_FILE =
      "/META-INF/maven/org.xerial/sqlite-jdbc/pom.properties";

  private static Path cache;
  private static String platform;
  private static boolean prepared;

  private SqliteNativeLibrary() {}

  /**
   * Keeps the library under {@code cache}; it is looked for there when the first database opens
   * ({@link #prepare}), so a command that opens none does not pay for it.
   */
  public static synchronized void useCacheUnder(Path cache, String platform) {
    SqliteNativeLibrary.cache = cache;
    SqliteNativeLibrary.platform = platform;
  }

  /**
   * Points sqlite-jdbc at {@code cache/sqlite-jdbc/VERSION/OS-ARCH/}, once per process, before the
   * driver loads its library. Where that cannot be done (an unwritable cache, a platform the driver
   * has no library for) the driver keeps its own way.
   *
   * <p>The directory is named from the platform the surface read (the JVM's {@code os.name} and
   * {@code os.arch}), so that a cached library is found without the driver's platform detection,
   * which starts a {@code uname} process (tens of milliseconds of every command); that detection
   * runs once, to extract. A home shared by a glibc and a musl machine may hold the other's
   * library: it fails to load and the driver then extracts its own, as without a cache.
   */
  static synchronized void prepare() {
    if (prepared || cache == null) {
      return;
    }
    prepared = true;
    try {
      String version = driverVersion();
      if (version == null) {
        return;
      }
      Path dir =
          cache
              .resolve("sqlite-jdbc")
              .resolve(version)
              .resolve(platform.replaceAll("[^A-Za-z0-9._-]", "_"));
      String name = LibraryLoaderUtil.getNativeLibName();
      Path library = dir.resolve(name);
      if (!Files.isRegularFile(library)
          && !extract(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name, library)) {
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
