package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Rows of {@code audit_events}, written in the same transaction as the change they record. */
public final class AuditTrail {
  private AuditTrail() {}

  public static void record(
      Connection c,
      Instant at,
      Actor actor,
      String action,
      String cluster,
      Map<String, Object> details)
      throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "INSERT INTO audit_events (at, actor, surface, action, cluster, details_json)"
                + " VALUES (?, ?, ?, ?, ?, ?)")) {
      s.setString(1, Timestamps.format(at));
      s.setString(2, actor.name());
      s.setString(3, actor.surface());
      s.setString(4, action);
      s.setString(5, cluster);
      s.setString(6, RegistryJson.write(withProof(details, actor)));
      s.executeUpdate();
    }
  }

  /**
   * The details with what proves who acted, beside what they said: who vouched for the actor (a
   * decision a Jenkins controller recorded for the admin who clicked names the controller's token),
   * and the API token the actor acted with (the surface an agent names is its word; the token is
   * what the console checked).
   */
  private static Map<String, Object> withProof(Map<String, Object> details, Actor actor) {
    if (actor.vouchedBy() == null && actor.token() == null) {
      return details;
    }
    Map<String, Object> all = new LinkedHashMap<>(details == null ? Map.of() : details);
    if (actor.vouchedBy() != null) {
      all.put("vouchedBy", actor.vouchedBy());
    }
    if (actor.token() != null) {
      all.put("token", actor.token().words());
    }
    return all;
  }

  /** The newest event's id, 0 when there is none: it grows with every recorded change. */
  public static long latestId(Connection c) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT COALESCE(MAX(id), 0) FROM audit_events");
        ResultSet rs = s.executeQuery()) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /** At most {@code max} events recorded after the one numbered {@code afterId}, oldest first. */
  static List<AuditEvent> after(Connection c, long afterId, int max) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT id, at, actor, surface, action, cluster, details_json FROM audit_events"
                + " WHERE id > ? ORDER BY id LIMIT ?")) {
      s.setLong(1, afterId);
      s.setInt(2, max);
      try (ResultSet rs = s.executeQuery()) {
        return events(rs);
      }
    }
  }

  /** Events in the order they happened; all of them when {@code cluster} is null. */
  static List<AuditEvent> list(Connection c, String cluster) throws SQLException {
    String sql =
        "SELECT id, at, actor, surface, action, cluster, details_json FROM audit_events"
            + (cluster == null ? "" : " WHERE cluster = ?")
            + " ORDER BY id";
    try (PreparedStatement s = c.prepareStatement(sql)) {
      if (cluster != null) {
        s.setString(1, cluster);
      }
      try (ResultSet rs = s.executeQuery()) {
        return events(rs);
      }
    }
  }

  private static List<AuditEvent> events(ResultSet rs) throws SQLException {
    List<AuditEvent> events = new ArrayList<>();
    while (rs.next()) {
      events.add(
          new AuditEvent(
              rs.getLong("id"),
              Timestamps.parse(rs.getString("at")),
              rs.getString("actor"),
              rs.getString("surface"),
              rs.getString("action"),
              rs.getString("cluster"),
              rs.getString("details_json")));
    }
    return events;
  }
}
