package io.examlops.fleet.registry;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One statement on platform.db with its parameters bound in order, the way each store runs its
 * reads and changes: {@code null} binds SQL NULL, strings, numbers and booleans bind as themselves.
 * A batch or a statement that binds by type stays with its store.
 */
public final class Sql {
  private Sql() {}

  /** The value a row of a result stands for, read from its current row. */
  @FunctionalInterface
  public interface Row<T> {
    T read(ResultSet rs) throws SQLException;
  }

  /** Runs a change; answers how many rows it changed. */
  public static int update(Connection c, String sql, Object... parameters) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, parameters);
      return s.executeUpdate();
    }
  }

  /** The one number the query answers, such as a {@code count(*)}. */
  public static long number(Connection c, String sql, Object... parameters) throws SQLException {
    return first(c, sql, rs -> rs.getLong(1), parameters).orElseThrow();
  }

  /** Every row the query answers, in its order. */
  public static <T> List<T> list(Connection c, String sql, Row<T> row, Object... parameters)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, parameters);
      try (ResultSet rs = s.executeQuery()) {
        List<T> values = new ArrayList<>();
        while (rs.next()) {
          values.add(row.read(rs));
        }
        return values;
      }
    }
  }

  /** The first row the query answers; empty when it answers none. */
  public static <T> Optional<T> first(Connection c, String sql, Row<T> row, Object... parameters)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      bind(s, parameters);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.of(row.read(rs)) : Optional.empty();
      }
    }
  }

  private static void bind(PreparedStatement s, Object[] parameters) throws SQLException {
    for (int i = 0; i < parameters.length; i++) {
      s.setObject(i + 1, parameters[i]);
    }
  }
}
