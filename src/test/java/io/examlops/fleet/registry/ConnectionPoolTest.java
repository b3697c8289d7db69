package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** platform.db's connections kept between units of work, on a real SQLite file. */
class ConnectionPoolTest {
  @TempDir Path dir;
  private final List<Connection> opened = new ArrayList<>();

  private ConnectionPool pool(Path file) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      c.createStatement().execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)");
    }
    return new ConnectionPool(
        file,
        () -> {
          Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
          opened.add(c);
          return c;
        });
  }

  @Test
  void aConnectionGivenBackServesTheNextUnitOfWork() throws Exception {
    ConnectionPool pool = pool(dir.resolve("platform.db"));
    ConnectionPool.Lease first = pool.borrow();
    pool.giveBack(first);
    ConnectionPool.Lease second = pool.borrow();
    assertThat(second.connection()).isSameAs(first.connection());
    ConnectionPool.Lease beside = pool.borrow();
    assertThat(beside.connection())
        .as("one unit of work per connection")
        .isNotSameAs(second.connection());
    assertThat(opened).hasSize(2);
    pool.giveBack(second);
    pool.giveBack(beside);
    pool.closeIdleFor(0);
    assertThat(opened).allSatisfy(c -> assertThat(c.isClosed()).isTrue());
  }

  @Test
  void aFailedUnitOfWorksConnectionIsClosedNotKept() throws Exception {
    ConnectionPool pool = pool(dir.resolve("platform.db"));
    ConnectionPool.Lease lease = pool.borrow();
    pool.discard(lease);
    assertThat(lease.connection().isClosed()).isTrue();
    assertThat(pool.borrow().connection()).isNotSameAs(lease.connection());
  }

  @Test
  void aDatabaseReplacedBehindTheProcessGetsAFreshConnection() throws Exception {
    Path file = dir.resolve("platform.db");
    ConnectionPool pool = pool(file);
    ConnectionPool.Lease old = pool.borrow();
    pool.giveBack(old);
    Path other = dir.resolve("other.db");
    pool(other);
    Files.move(other, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

    ConnectionPool.Lease fresh = pool.borrow();

    assertThat(fresh.connection()).isNotSameAs(old.connection());
    assertThat(old.connection().isClosed()).as("the stale one is closed").isTrue();
  }

  @Test
  void atMostMaxIdleAreKept() throws Exception {
    ConnectionPool pool = pool(dir.resolve("platform.db"));
    List<ConnectionPool.Lease> leases = new ArrayList<>();
    for (int i = 0; i < ConnectionPool.MAX_IDLE + 2; i++) {
      leases.add(pool.borrow());
    }
    leases.forEach(pool::giveBack);
    assertThat(opened.stream().filter(c -> !isClosed(c))).hasSize(ConnectionPool.MAX_IDLE);
    pool.closeIdleFor(0);
  }

  private static boolean isClosed(Connection c) {
    try {
      return c.isClosed();
    } catch (SQLException e) {
      throw new AssertionError(e);
    }
  }
}
