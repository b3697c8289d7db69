package io.examlops.fleet.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteOpenMode;

/**
 * platform.db: governance state, node snapshots, tracked jobs and the audit trail, in SQLite.
 *
 * <p>Opening it brings the schema up to date. Every unit of work runs in one transaction on a
 * connection of its own while it runs (WAL journal, foreign keys on, a busy timeout), kept open for
 * the next unit of work ({@link ConnectionPool}); a change takes the write lock up front ({@code
 * BEGIN IMMEDIATE}) and is retried when another process holds it, so callers never see {@code
 * SQLITE_BUSY} unless the database stays locked for a full minute.
 */
public final class PlatformDb {
  private static final int BUSY_TIMEOUT_MS = 5_000;
  private static final long RETRY_FOR_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final int SQLITE_BUSY = 5;
  private static final int SQLITE_LOCKED = 6;

  /** Work done inside one transaction. */
  @FunctionalInterface
  public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
  }

  private final Path file;
  private final String url;
  private final boolean create;
  private final WriteHook hook;

  /** Connections kept between units of work; {@code null} for a database being created. */
  private final ConnectionPool pool;

  /**
   * The write lock as this process's writers queue for it, in order. Left to SQLite alone, a writer
   * that finds the database locked sleeps and tries again: of 150 submissions the console made at
   * once, some waited a minute while later ones went by, each holding a connection of its own
   * meanwhile (docs/performance.md, "Gateway").
   */
  private final ReentrantLock writeTurn = new ReentrantLock(true);

  /**
   * @param create whether opening may create the file; only a new database being made at a path of
   *     its own may, so that a file removed or never there is never silently made anew
   */
  private PlatformDb(Path file, boolean create, WriteHook hook) {
    SqliteNativeLibrary.prepare();
    this.file = file;
    this.url = "jdbc:sqlite:" + file.toAbsolutePath();
    this.create = create;
    this.hook = hook;
    // A database being made is moved into place once its last connection closed (its WAL
    // checkpointed into the file): it keeps none open.
    this.pool = create ? null : new ConnectionPool(file, this::connect);
  }

  /**
   * Opens the database and applies pending schema migrations. A path where no file exists gets a
   * new database; a file that exists is never replaced: an emptied one (0 bytes) is refused with a
   * {@link StoreException} that says how to restore it, or how to start over on purpose (delete the
   * file).
   */
  public static PlatformDb open(Path file) {
    return open(file, WriteHook.NONE);
  }

  /** As {@link #open(Path)}, with {@code hook} called at each write step (fault tests). */
  public static PlatformDb open(Path file, WriteHook hook) {
    Path directory = file.toAbsolutePath().getParent();
    try {
      PrivateFiles.createDirectories(directory);
    } catch (IOException e) {
      throw StoreFailures.writing(directory, e);
    }
    if (!Files.exists(file)) {
      NewDatabase.create(file);
    }
    requireNotEmptied(file);
    PlatformDb db = new PlatformDb(file, false, hook);
    db.useWal();
    Migrations.apply(db);
    return db;
  }

  /** A database being created at a path of its own, before it is moved into place. */
  static PlatformDb creating(Path file) {
    return new PlatformDb(file, true, WriteHook.NONE);
  }

  /** Where the writes of this database's stores report their steps. */
  WriteHook hook() {
    return hook;
  }

  /** Sets the WAL journal mode (stored in the file; it cannot change inside a transaction). */
  void useWal() {
    run(
        SQLiteConfig.TransactionMode.DEFERRED,
        false,
        c -> {
          try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
          }
          return null;
        });
  }

  private static void requireNotEmptied(Path file) {
    long size;
    try {
      size = Files.size(file);
    } catch (IOException e) {
      throw new StoreException(
          file,
          file
              + " cannot be read ("
              + e.getMessage()
              + "); check that this user may read and"
              + " write it and its directory",
          e);
    }
    if (size == 0) {
      throw new StoreException(
          file,
          file
              + " is empty (0 bytes): the database that held this fleet's approvals, jobs and"
              + " audit trail was truncated or replaced (a failed copy, a new volume?). Nothing"
              + " was changed and no new database was started over it. Restore it from a backup"
              + " (docs/fleet.md, \"Backup and restore\"); to start over with an empty database"
              + " instead, delete the file (rm "
              + file
              + ") and run the command again");
    }
  }

  public Path file() {
    return file;
  }

  /**
   * Runs a change in one write transaction; it is committed when {@code work} returns. This
   * process's writers take turns first come, first served ({@link #writeTurn}); other processes are
   * waited for by SQLite's busy timeout.
   */
  public <T> T write(SqlWork<T> work) {
    writeTurn.lock();
    try {
      return run(SQLiteConfig.TransactionMode.IMMEDIATE, true, work);
    } catch (DamagedValueException e) {
      throw StoreFailures.damagedValue(file, e);
    } finally {
      writeTurn.unlock();
    }
  }

  /**
   * Runs reads in one transaction, so they see one consistent state. A read turns nothing the
   * caller sent into a value, so a value it cannot make (an unknown state, a time or JSON that does
   * not read, one missing) is the store's damage, reported with the file and a fix.
   */
  public <T> T read(SqlWork<T> work) {
    try {
      return run(SQLiteConfig.TransactionMode.DEFERRED, true, work);
    } catch (IllegalArgumentException | java.time.DateTimeException | NullPointerException e) {
      throw StoreFailures.damagedValue(file, e);
    }
  }

  /** The schema version ({@code PRAGMA user_version}). */
  public int schemaVersion() {
    return read(PlatformDb::userVersion);
  }

  static int userVersion(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA user_version")) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  private <T> T run(SQLiteConfig.TransactionMode mode, boolean transaction, SqlWork<T> work) {
    long giveUpAt = System.nanoTime() + RETRY_FOR_NANOS;
    for (int attempt = 0; ; attempt++) {
      try {
        return once(mode, transaction, work);
      } catch (SQLException e) {
        if (!isBusy(e)) {
          throw StoreFailures.database(file, e);
        }
        if (System.nanoTime() > giveUpAt) {
          throw new RegistryException(
              file + " stayed locked by another process for a minute; try again when it is done",
              e);
        }
        pause(attempt);
      }
    }
  }

  private <T> T once(SQLiteConfig.TransactionMode mode, boolean transaction, SqlWork<T> work)
      throws SQLException {
    ConnectionPool.Lease lease =
        pool == null ? new ConnectionPool.Lease(connect(), null) : pool.borrow();
    Connection connection = lease.connection();
    boolean clean = false;
    try {
      T result;
      if (!transaction) {
        result = work.run(connection);
      } else {
        connection.unwrap(SQLiteConnection.class).getConnectionConfig().setTransactionMode(mode);
        connection.setAutoCommit(false); // BEGIN in that mode
        try {
          result = work.run(connection);
          // COMMIT alone: commit() would BEGIN the next transaction at once, and an IMMEDIATE one
          // would hold the write lock while the connection waits for its next use (and a busy
          // error from that BEGIN would send the retry loop round a committed change again).
          connection.setAutoCommit(true);
        } catch (SQLException | RuntimeException e) {
          rollback(connection, e);
          throw e;
        }
      }
      clean = true;
      return result;
    } finally {
      if (pool == null) {
        closeAfterWork(connection);
      } else if (clean) {
        pool.giveBack(lease);
      } else {
        pool.discard(lease); // closing rolls back whatever was left open
      }
    }
  }

  private Connection connect() throws SQLException {
    SQLiteConfig config = new SQLiteConfig();
    config.setBusyTimeout(BUSY_TIMEOUT_MS);
    config.enforceForeignKeys(true);
    config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
    if (!create) {
      config.resetOpenMode(SQLiteOpenMode.CREATE);
    }
    return config.createConnection(url);
  }

  /**
   * Closes without throwing: once the work is committed, a busy error from the close (the last
   * connection's WAL checkpoint, with other writers at work) must not send the retry loop round
   * again, or the same change would be committed twice.
   */
  private static void closeAfterWork(Connection connection) {
    try {
      connection.close();
    } catch (SQLException e) {
      // Nothing of the work depends on the close: it was committed or rolled back already.
    }
  }

  private static void rollback(Connection connection, Exception cause) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  private static boolean isBusy(Throwable e) {
    int primary = StoreFailures.primaryCode(e);
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
  }

  private static void pause(int attempt) {
    long ceiling = Math.min(500, 10L << Math.min(attempt, 6));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, ceiling + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryException("interrupted while waiting for platform.db");
    }
  }
}
