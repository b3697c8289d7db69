package io.examlops.fleet.registry;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.RefusedAttempt;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Refused attempts on the audit trail ({@code refused} events), kept from growing without bound
 * under a flood: the same refusal again (same who, surface, address, what, why and token) within
 * {@link #WINDOW} of the event that first recorded it is counted in that event ({@code count},
 * {@code last}) rather than added; and once an address has {@link #MOST_PER_ADDRESS} events of the
 * window, what else it is refused is counted in one event of its own per kind ({@link
 * RefusedAttempt#folded()}). So a password-guessing flood from one address adds at most {@code
 * MOST_PER_ADDRESS} + 11 events each {@code WINDOW}, whatever its rate and however many names it
 * sprays.
 */
final class RefusedAttempts {
  /** How long after its first refusal an event counts the same refusal again. */
  static final Duration WINDOW = Duration.ofMinutes(10);

  /** Events one address adds in a window before the rest of its refusals are folded. */
  static final int MOST_PER_ADDRESS = 20;

  static final String ACTION = "refused";

  private static final TypeReference<LinkedHashMap<String, Object>> DETAILS =
      new TypeReference<>() {};

  private RefusedAttempts() {}

  /**
   * Records {@code attempt} refused at {@code now}: counted in an event of the window, or added.
   */
  static void record(Connection c, Instant now, RefusedAttempt attempt) throws SQLException {
    Window window = window(c, now.minus(WINDOW), attempt);
    if (window.same != null) {
      count(c, window.same, window.sameDetails, now, attempt);
      return;
    }
    if (attempt.from() != null && window.fromAddress >= MOST_PER_ADDRESS) {
      RefusedAttempt folded = attempt.folded();
      Window others = window(c, now.minus(WINDOW), folded);
      if (others.same != null) {
        count(c, others.same, others.sameDetails, now, folded);
        return;
      }
      attempt = folded;
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("from", attempt.from());
    details.put("what", attempt.what());
    details.put("why", attempt.why().word());
    details.put("message", attempt.message());
    if (attempt.token() != null) {
      details.put("token", attempt.token());
    }
    details.put("count", 1);
    details.put("last", Timestamps.format(now));
    AuditTrail.record(c, now, new Actor(attempt.who(), attempt.surface()), ACTION, null, details);
  }

  /**
   * The {@code refused} events of the window, newest first, read through the action's index until
   * the window's start: the one that records the same refusal, and how many the address has.
   */
  private static Window window(Connection c, Instant since, RefusedAttempt attempt)
      throws SQLException {
    Window window = new Window();
    try (PreparedStatement s =
        c.prepareStatement(
            "SELECT id, at, actor, surface, details_json FROM audit_events WHERE action = ?"
                + " ORDER BY id DESC")) {
      s.setString(1, ACTION);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next() && !Timestamps.parse(rs.getString("at")).isBefore(since)) {
          Map<String, Object> details = RegistryJson.read(rs.getString("details_json"), DETAILS);
          boolean fromThere = attempt.from() != null && attempt.from().equals(details.get("from"));
          if (fromThere) {
            window.fromAddress++;
          }
          if (window.same == null
              && rs.getString("actor").equals(attempt.who())
              && attempt.surface().equals(rs.getString("surface"))
              && Objects.equals(attempt.from(), details.get("from"))
              && attempt.what().equals(details.get("what"))
              && attempt.why().word().equals(details.get("why"))
              && Objects.equals(attempt.token(), details.get("token"))) {
            window.same = rs.getLong("id");
            window.sameDetails = details;
          }
        }
      }
    }
    return window;
  }

  /** What the window holds for one attempt. */
  private static final class Window {
    Long same;
    Map<String, Object> sameDetails;
    int fromAddress;
  }

  /** One more of the same refusal, counted in its event, with its newest words and time. */
  private static void count(
      Connection c, long id, Map<String, Object> details, Instant now, RefusedAttempt attempt)
      throws SQLException {
    Object count = details.get("count");
    details.put("count", (count instanceof Number n ? n.longValue() : 1) + 1);
    details.put("last", Timestamps.format(now));
    if (attempt.message() != null) {
      details.put("message", attempt.message());
    }
    Sql.update(
        c,
        "UPDATE audit_events SET details_json = ? WHERE id = ?",
        RegistryJson.write(details),
        id);
  }
}
