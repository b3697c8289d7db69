package io.examlops.fleet.faults;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is stored, for "unchanged or complete" checks: clusters.yaml's bytes and every row of every
 * platform.db table, read with plain SQLite (not through the code under test).
 *
 * @param yaml the bytes of clusters.yaml; empty when there is none
 * @param rows each table's rows in rowid order, each row its columns joined
 */
record StoredState(byte[] yaml, Map<String, List<String>> rows) {
  static StoredState of(Path yaml, Path db) throws Exception {
    return new StoredState(Files.exists(yaml) ? Files.readAllBytes(yaml) : new byte[0], rows(db));
  }

  static Map<String, List<String>> rows(Path db) throws Exception {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    if (!Files.exists(db) || Files.size(db) == 0) {
      return rows;
    }
    // Read a copy (with its WAL), so that reading needs nothing of the faulty place it lies in.
    Path copyDir = Files.createTempDirectory("stored-state");
    Path copy = copyDir.resolve("copy.db");
    Files.copy(db, copy);
    if (Files.exists(Path.of(db + "-wal"))) {
      Files.copy(Path.of(db + "-wal"), Path.of(copy + "-wal"));
    }
    try {
      return rows(copy, rows);
    } finally {
      try (var files = Files.list(copyDir)) {
        for (Path f : files.toList()) {
          Files.deleteIfExists(f);
        }
      }
      Files.delete(copyDir);
    }
  }

  private static Map<String, List<String>> rows(Path db, Map<String, List<String>> rows)
      throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet r =
          s.executeQuery(
              "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                  + " ORDER BY name")) {
        while (r.next()) {
          tables.add(r.getString(1));
        }
      }
      for (String table : tables) {
        List<String> lines = new ArrayList<>();
        try (ResultSet r = s.executeQuery("SELECT * FROM " + table + " ORDER BY rowid")) {
          int columns = r.getMetaData().getColumnCount();
          while (r.next()) {
            StringBuilder line = new StringBuilder();
            for (int i = 1; i <= columns; i++) {
              line.append(r.getString(i)).append('|');
            }
            lines.add(line.toString());
          }
        }
        rows.put(table, lines);
      }
    }
    return rows;
  }

  String yamlText() {
    return new String(yaml, java.nio.charset.StandardCharsets.UTF_8);
  }
}
