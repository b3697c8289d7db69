package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TransportKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Rows of {@code hpc_clusters}. */
final class GovernanceTable {
  private static final List<String> COLUMN_LIST =
      List.of(
          "name",
          "state",
          "scheduler",
          "transport",
          "host",
          "requested_by",
          "requested_at",
          "approved_by",
          "rejected_by",
          "decided_at",
          "reason",
          "capabilities_json",
          "probed_at",
          "ssh_key_fingerprint",
          "host_key_fingerprint",
          "pinned_host",
          "pinned_port",
          "pinned_user",
          "pinned_key_fingerprint",
          "pinned_host_key_fingerprint",
          "pinned_scheduler",
          "pinned_transport",
          "pinned_settings_json",
          "pinned_jumps_json",
          "probed_connection_json",
          "updated_at");
  private static final String COLUMNS = String.join(", ", COLUMN_LIST);
  // One statement for insert and update: every change writes the whole row.
  private static final String UPSERT =
      "INSERT INTO hpc_clusters ("
          + COLUMNS
          + ") VALUES ("
          + String.join(", ", Collections.nCopies(COLUMN_LIST.size(), "?"))
          + ") ON CONFLICT (name) DO UPDATE SET "
          + COLUMN_LIST.stream()
              .skip(1)
              .map(c -> c + " = excluded." + c)
              .collect(Collectors.joining(", "));

  private GovernanceTable() {}

  static Optional<ClusterGovernance> find(Connection c, String name) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT " + COLUMNS + " FROM hpc_clusters WHERE name = ?")) {
      s.setString(1, name);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.of(row(rs)) : Optional.empty();
      }
    }
  }

  /** All rows by name. */
  static Map<String, ClusterGovernance> all(Connection c) throws SQLException {
    Map<String, ClusterGovernance> rows = new LinkedHashMap<>();
    try (PreparedStatement s =
            c.prepareStatement("SELECT " + COLUMNS + " FROM hpc_clusters ORDER BY name");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        rows.put(rs.getString("name"), row(rs));
      }
    }
    return rows;
  }

  static void save(Connection c, String name, ClusterGovernance g, Instant now)
      throws SQLException {
    PinnedConnection pin = g.pinned();
    boolean active = g.state() == ClusterState.ACTIVE;
    try (PreparedStatement s = c.prepareStatement(UPSERT)) {
      int i = 0;
      s.setString(++i, name);
      s.setString(++i, g.state().name());
      s.setString(++i, g.scheduler().label());
      s.setString(++i, g.transport().label());
      s.setString(++i, g.host());
      s.setString(++i, g.requestedBy());
      s.setString(++i, Timestamps.format(g.requestedAt()));
      s.setString(++i, active ? g.decidedBy() : null);
      s.setString(++i, g.state() == ClusterState.REJECTED ? g.decidedBy() : null);
      s.setString(++i, Timestamps.format(g.decidedAt()));
      s.setString(++i, g.reason());
      s.setString(++i, g.capabilities() == null ? null : RegistryJson.write(g.capabilities()));
      s.setString(++i, Timestamps.format(g.probedAt()));
      s.setString(++i, g.observed().sshKey());
      s.setString(++i, g.observed().hostKey());
      s.setString(++i, pin == null ? null : pin.host());
      if (pin == null || pin.port() == null) {
        s.setNull(++i, Types.INTEGER);
      } else {
        s.setInt(++i, pin.port());
      }
      s.setString(++i, pin == null ? null : pin.user());
      s.setString(++i, pin == null ? null : pin.keyFingerprint());
      s.setString(++i, pin == null ? null : pin.hostKeyFingerprint());
      s.setString(++i, pin == null || pin.scheduler() == null ? null : pin.scheduler().label());
      s.setString(++i, pin == null || pin.transport() == null ? null : pin.transport().label());
      s.setString(
          ++i, pin == null || pin.settings().isEmpty() ? null : RegistryJson.write(pin.settings()));
      s.setString(
          ++i, pin == null || pin.jumps().isEmpty() ? null : RegistryJson.write(pin.jumps()));
      s.setString(++i, connectionJson(g.probedThrough()));
      s.setString(++i, Timestamps.format(now));
      s.executeUpdate();
    }
  }

  private static ClusterGovernance row(ResultSet rs) throws SQLException {
    ClusterState state = ClusterState.valueOf(rs.getString("state"));
    String capabilities = rs.getString("capabilities_json");
    int port = rs.getInt("pinned_port");
    Integer pinnedPort = rs.wasNull() ? null : port;
    PinnedConnection pin =
        state != ClusterState.ACTIVE
            ? null
            : new PinnedConnection(
                rs.getString("pinned_host"),
                pinnedPort,
                rs.getString("pinned_user"),
                rs.getString("pinned_key_fingerprint"),
                rs.getString("pinned_host_key_fingerprint"),
                optional(rs.getString("pinned_scheduler"), SchedulerKind::parse),
                optional(rs.getString("pinned_transport"), TransportKind::parse),
                settings(rs.getString("pinned_settings_json")),
                jumps(rs.getString("pinned_jumps_json")));
    return new ClusterGovernance(
        state,
        SchedulerKind.parse(rs.getString("scheduler")),
        TransportKind.parse(rs.getString("transport")),
        rs.getString("host"),
        rs.getString("requested_by"),
        Timestamps.parse(rs.getString("requested_at")),
        state == ClusterState.REJECTED ? rs.getString("rejected_by") : rs.getString("approved_by"),
        Timestamps.parse(rs.getString("decided_at")),
        rs.getString("reason"),
        capabilities == null ? null : GovernanceJson.capabilities(capabilities),
        Timestamps.parse(rs.getString("probed_at")),
        new Fingerprints(rs.getString("ssh_key_fingerprint"), rs.getString("host_key_fingerprint")),
        pin,
        connection(rs.getString("probed_connection_json")));
  }

  /** A connection as one JSON object, its kinds by their labels; none: {@code NULL}. */
  private static String connectionJson(PinnedConnection c) {
    if (c == null) {
      return null;
    }
    return RegistryJson.write(
        new StoredConnection(
            c.scheduler() == null ? null : c.scheduler().label(),
            c.transport() == null ? null : c.transport().label(),
            c.host(),
            c.port(),
            c.user(),
            c.keyFingerprint(),
            c.hostKeyFingerprint(),
            new LinkedHashMap<>(c.settings()),
            c.jumps()));
  }

  private static PinnedConnection connection(String json) {
    if (json == null) {
      return null;
    }
    StoredConnection c = GovernanceJson.connection(json);
    return new PinnedConnection(
        c.host(),
        c.port(),
        c.user(),
        c.keyFingerprint(),
        c.hostKeyFingerprint(),
        optional(c.scheduler(), SchedulerKind::parse),
        optional(c.transport(), TransportKind::parse),
        c.settings(),
        c.jumps());
  }

  /** The adapter settings pinned, in the order written; none: {@code NULL}. */
  private static Map<String, String> settings(String json) {
    return json == null ? Map.of() : GovernanceJson.settings(json);
  }

  /** The jump hosts pinned, in connection order; a direct connection: {@code NULL}. */
  private static List<String> jumps(String json) {
    return json == null ? List.of() : GovernanceJson.jumps(json);
  }

  private static <T> T optional(String text, java.util.function.Function<String, T> parse) {
    return text == null ? null : parse.apply(text);
  }
}
