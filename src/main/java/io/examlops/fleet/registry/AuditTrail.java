package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import java.sql.Connection;
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
    Sql.update(
        c,
        "INSERT INTO audit_events (at, actor, surface, action, cluster, details_json)"
            + " VALUES (?, ?, ?, ?, ?, ?)",
        Timestamps.format(at),
        actor.name(),
        actor.surface(),
        action,
        cluster,
        RegistryJson.write(withProof(details, actor)));
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
    return Sql.number(c, "SELECT COALESCE(MAX(id), 0) FROM audit_events");
  }

  /**
   * Which events to read; {@code null} fields match everything.
   *
   * @param newestFirst in the order opposite to the one they happened in
   * @param before only events whose id is below this one; {@code null}: up to the newest
   * @param after only events whose id is above this one; {@code null}: from the oldest
   */
  public record Query(
      String cluster, String actor, String action, boolean newestFirst, Long before, Long after) {
    public static final Query ALL = new Query(null, null, null, false, null, null);

    /** One cluster's events ({@code null}: all), oldest first. */
    public static Query of(String cluster) {
      return new Query(cluster, null, null, false, null, null);
    }

    /** The same events without the cursors: what a count counts. */
    Query uncut() {
      return new Query(cluster, actor, action, newestFirst, null, null);
    }

    private String where(List<Object> args) {
      List<String> terms = new ArrayList<>();
      and(terms, args, "cluster = ?", cluster);
      and(terms, args, "actor = ?", actor);
      and(terms, args, "action = ?", action);
      and(terms, args, "id < ?", before);
      and(terms, args, "id > ?", after);
      return terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms);
    }

    private static void and(List<String> terms, List<Object> args, String term, Object value) {
      if (value != null) {
        terms.add(term);
        args.add(value);
      }
    }
  }

  /** At most {@code max} events recorded after the one numbered {@code afterId}, oldest first. */
  static List<AuditEvent> after(Connection c, long afterId, int max) throws SQLException {
    return list(c, new Query(null, null, null, false, null, afterId), 0, max);
  }

  /** Events in the order they happened; all of them when {@code cluster} is null. */
  static List<AuditEvent> list(Connection c, String cluster) throws SQLException {
    return list(c, Query.of(cluster), 0, null);
  }

  /**
   * The events the query selects, in its order, {@code offset} of them skipped and at most {@code
   * limit} ({@code null}: all) read: each filter has its index in the order of ids (versions 1 and
   * 17), so that a page reads its own rows and stops.
   */
  static List<AuditEvent> list(Connection c, Query query, long offset, Integer limit)
      throws SQLException {
    List<Object> args = new ArrayList<>();
    String sql =
        "SELECT id, at, actor, surface, action, cluster, details_json FROM audit_events"
            + query.where(args)
            + " ORDER BY id"
            + (query.newestFirst() ? " DESC" : "")
            + (limit == null ? "" : " LIMIT ? OFFSET ?");
    if (limit != null) {
      args.add(limit);
      args.add(offset);
    }
    return Sql.list(c, sql, AuditTrail::event, args.toArray());
  }

  private static AuditEvent event(ResultSet rs) throws SQLException {
    return new AuditEvent(
        rs.getLong("id"),
        Timestamps.parse(rs.getString("at")),
        rs.getString("actor"),
        rs.getString("surface"),
        rs.getString("action"),
        rs.getString("cluster"),
        rs.getString("details_json"));
  }

  /**
   * How many events the query selects, whatever its cursors: read from the running tally of
   * migration 19, a row per cluster, actor and action, so that a year of events is counted in a few
   * rows.
   */
  static long count(Connection c, Query query) throws SQLException {
    List<Object> args = new ArrayList<>();
    String sql =
        "SELECT coalesce(sum(events), 0) FROM audit_events_tally" + query.uncut().where(args);
    return Sql.number(c, sql, args.toArray());
  }
}
