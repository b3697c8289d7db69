package io.examlops.fleet.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Brings platform.db's schema up to date. Migration scripts live in {@code migrations/} beside this
 * class and are listed, in order, in {@code migrations/index.txt}; script N moves the schema from
 * version N-1 to N ({@code PRAGMA user_version}). Each runs in one transaction together with the
 * version bump, so a crash leaves the previous version; concurrent openers wait for each other and
 * skip what is already applied. Scripts are never edited once released: add a new one.
 */
final class Migrations {
  private static final String DIRECTORY = "migrations/";

  private Migrations() {}

  /** The schema version this code expects. */
  static int latest() {
    return scripts().size();
  }

  static void apply(PlatformDb db) {
    apply(db, latest());
  }

  /**
   * Brings the schema up to {@code version} only: a migration's test starts from what an older exa
   * left.
   */
  static void apply(PlatformDb db, int version) {
    List<String> scripts = scripts();
    int found = db.schemaVersion();
    if (found > scripts.size()) {
      throw new StoreException(
          db.file(),
          db.file()
              + " has schema version "
              + found
              + ", newer than this version of exa knows ("
              + scripts.size()
              + "); upgrade exa, or point EXAMLOPS_PLATFORM_DB at another file");
    }
    for (int next = found + 1; next <= version; next++) {
      int target = next;
      List<String> statements = statements(scripts.get(next - 1));
      db.write(
          connection -> {
            if (PlatformDb.userVersion(connection) >= target) {
              return null; // another process applied it while we waited for the lock
            }
            if (target == 1) {
              refuseForeign(db, connection);
            }
            try (Statement s = connection.createStatement()) {
              for (String sql : statements) {
                s.execute(sql);
              }
              s.execute("PRAGMA user_version = " + target);
            }
            return null;
          });
    }
  }

  /**
   * Refuses a SQLite file that holds tables but no schema version of exa's: another program's
   * database, which migrating would change (every exa database has a version from its first
   * migration on).
   */
  private static void refuseForeign(PlatformDb db, Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet tables =
            s.executeQuery(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                    + " AND name NOT LIKE 'sqlite_%'")) {
      if (tables.next() && tables.getInt(1) > 0) {
        throw new StoreException(
            db.file(),
            db.file()
                + " is a SQLite database of another program (it has tables but no exa schema"
                + " version); exa changes nothing in it: point EXAMLOPS_PLATFORM_DB at another"
                + " file, or move this one away");
      }
    }
  }

  private static List<String> scripts() {
    List<String> names = new ArrayList<>();
    for (String line : resource("index.txt").split("\n")) {
      String name = line.strip();
      if (!name.isEmpty() && !name.startsWith("#")) {
        if (!name.startsWith(number(names.size() + 1))) {
          throw new IllegalStateException("migration " + name + " is out of order in index.txt");
        }
        names.add(name);
      }
    }
    return names;
  }

  /**
   * A script's number as its name starts, {@code 007-}: not {@code String.format("%03d-")}, whose
   * first use loads the default locale's number symbols, about 10 ms of every command's start-up.
   */
  private static String number(int n) {
    String digits = Integer.toString(n);
    return "0".repeat(Math.max(0, 3 - digits.length())) + digits + "-";
  }

  /** Statements end with ';' at the end of a line; lines starting with '--' are comments. */
  private static List<String> statements(String script) {
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : resource(script).split("\n")) {
      if (line.strip().startsWith("--")) {
        continue;
      }
      current.append(line).append('\n');
      if (line.stripTrailing().endsWith(";")) {
        statements.add(current.toString().strip());
        current.setLength(0);
      }
    }
    if (!current.toString().isBlank()) {
      throw new IllegalStateException("migration " + script + " ends without ';'");
    }
    return statements;
  }

  private static String resource(String name) {
    try (InputStream in = Migrations.class.getResourceAsStream(DIRECTORY + name)) {
      if (in == null) {
        throw new IllegalStateException("missing migration resource " + DIRECTORY + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read migration resource " + name, e);
    }
  }
}
