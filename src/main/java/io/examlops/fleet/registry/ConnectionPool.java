package io.examlops.fleet.registry;

import io.examlops.fleet.transport.IdleSweep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Open connections to one platform.db, kept between units of work: opening one (the native open,
 * its pragmas, reading the schema again) cost more than the reads a console request makes
 * (docs/performance.md, "Console under load"). Each connection serves one unit of work at a time.
 *
 * <p>At most {@link #MAX_IDLE} are kept; one unused for {@link #IDLE_FOR} is closed, and all are
 * closed when the JVM exits, so that, as before, the last close checkpoints the WAL into the file
 * and a short-lived command leaves no WAL behind. A connection is reused only while the path still
 * names the file it was opened on (one {@code stat} per use): a database replaced, removed or
 * emptied behind the process's back gets a fresh connection, which refuses it as an open does.
 */
final class ConnectionPool {
  static final int MAX_IDLE = 8;
  static final Duration IDLE_FOR = Duration.ofSeconds(30);

  /** Opens a new connection to the file. */
  @FunctionalInterface
  interface Opener {
    Connection open() throws SQLException;
  }

  /** A connection lent out, and the identity of the file it is open on. */
  record Lease(Connection connection, Object file) {}

  private record Idle(Connection connection, Object file, long sinceNanos) {}

  /** Pools holding idle connections, for the sweeper and the JVM's exit. */
  private static final Set<ConnectionPool> HOLDING = ConcurrentHashMap.newKeySet();

  static {
    IdleSweep.start(
        "platform-db",
        IDLE_FOR.dividedBy(3),
        () -> HOLDING.forEach(p -> p.closeIdleFor(IDLE_FOR.toNanos())),
        () -> HOLDING.forEach(p -> p.closeIdleFor(0)));
  }

  private final Path file;
  private final Opener opener;
  private final ArrayDeque<Idle> idle = new ArrayDeque<>();

  ConnectionPool(Path file, Opener opener) {
    this.file = file;
    this.opener = opener;
  }

  /** An idle connection to the file as it is now, else a new one. */
  Lease borrow() throws SQLException {
    Object current = identity();
    List<Connection> stale = new ArrayList<>();
    Lease lease = null;
    synchronized (this) {
      while (lease == null && !idle.isEmpty()) {
        Idle i = idle.pollLast(); // the most recently used: its cache is the warmest
        if (current != null && current.equals(i.file())) {
          lease = new Lease(i.connection(), current);
        } else {
          stale.add(i.connection());
        }
      }
    }
    stale.forEach(ConnectionPool::closeQuietly);
    return lease != null ? lease : new Lease(opener.open(), current);
  }

  /** Takes back a connection whose unit of work ended cleanly (nothing left open on it). */
  void giveBack(Lease lease) {
    if (lease.file() == null) {
      closeQuietly(lease.connection());
      return;
    }
    synchronized (this) {
      if (idle.size() < MAX_IDLE) {
        idle.addLast(new Idle(lease.connection(), lease.file(), System.nanoTime()));
        HOLDING.add(this);
        return;
      }
    }
    closeQuietly(lease.connection());
  }

  /** Closes a connection that must not be used again (its unit of work failed). */
  void discard(Lease lease) {
    closeQuietly(lease.connection());
  }

  /** Closes the connections idle for {@code nanos} or longer; forgets a pool left with none. */
  void closeIdleFor(long nanos) {
    List<Connection> closing = new ArrayList<>();
    long now = System.nanoTime();
    synchronized (this) {
      for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
        Idle i = it.next();
        if (now - i.sinceNanos() >= nanos) {
          closing.add(i.connection());
          it.remove();
        }
      }
      if (idle.isEmpty()) {
        HOLDING.remove(this);
      }
    }
    closing.forEach(ConnectionPool::closeQuietly);
  }

  /**
   * What the path names now: the file's key (device and inode); {@code null} when it is missing or
   * empty, where no connection is reused.
   */
  private Object identity() {
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      if (a.size() == 0) {
        return null;
      }
      return a.fileKey() != null ? a.fileKey() : file;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Closes without throwing: a busy error from the close (the last connection's WAL checkpoint,
   * with other writers at work) changes nothing of work already committed or rolled back.
   */
  private static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException e) {
      // nothing of the work depends on it
    }
  }
}
