package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * How platform.db's failures read for the person who meets them, for the SQLite result codes a
 * fault test cannot bring about reliably on every machine.
 */
class StoreFailuresTest {
  private static final Path DB = Path.of("/var/lib/examlops/platform.db");

  /**
   * Issue 34: on a full disk, SQLite may fail to grow its -shm file before it fails to write a
   * page, and that read "SQLITE_IOERR_SHMSIZE ... xShmMap" without a word about the disk.
   */
  @Test
  void anIoErrorSaysTheDiskMayBeFullOrTheDirectoryUnwritableNamingIt() {
    SQLiteException shm =
        new SQLiteException(
            "[SQLITE_IOERR_SHMSIZE] I/O error within the xShmMap method (disk I/O error)",
            SQLiteErrorCode.SQLITE_IOERR_SHMSIZE);

    RegistryException failure = StoreFailures.database(DB, shm);

    assertThat(failure.getMessage())
        .startsWith("reading or writing " + DB + " failed")
        .contains("nothing was changed")
        .contains(
            "The disk holding it may be full, or its directory /var/lib/examlops not writable")
        .contains("df -h /var/lib/examlops")
        .contains("ls -ld /var/lib/examlops")
        .doesNotContain("Exception");
  }

  @Test
  void aFullDiskSaysSoNamingTheDirectory() {
    SQLiteException full =
        new SQLiteException(
            "[SQLITE_FULL] Insertion failed because database is full (database or disk is full)",
            SQLiteErrorCode.SQLITE_FULL);

    assertThat(StoreFailures.database(DB, full).getMessage())
        .startsWith("the disk holding " + DB + " is full")
        .contains("df -h /var/lib/examlops");
  }
}
