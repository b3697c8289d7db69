package io.examlops.fleet.console;

import io.examlops.fleet.model.access.Role;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sessions by their random id (256 bits, the cookie's value). A session ends when its user signs
 * out, after {@link #IDLE} without a request, or {@link #ABSOLUTE} after sign-in.
 */
final class Sessions {
  static final Duration IDLE = Duration.ofMinutes(30);
  static final Duration ABSOLUTE = Duration.ofHours(12);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Clock clock;
  private final ConcurrentHashMap<String, Session> byId = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Instant> lastSeen = new ConcurrentHashMap<>();

  Sessions(Clock clock) {
    this.clock = clock;
  }

  Session open(String user, Role role) {
    Session session = new Session(random(), user, role, random(), clock.instant());
    byId.put(session.id(), session);
    lastSeen.put(session.id(), session.createdAt());
    return session;
  }

  /** The live session with this id, its idle time reset; empty when unknown or expired. */
  Optional<Session> find(String id) {
    if (id == null) {
      return Optional.empty();
    }
    Session session = byId.get(id);
    if (session == null) {
      return Optional.empty();
    }
    Instant now = clock.instant();
    Instant seen = lastSeen.getOrDefault(id, session.createdAt());
    if (now.isAfter(seen.plus(IDLE)) || now.isAfter(session.createdAt().plus(ABSOLUTE))) {
      close(id);
      return Optional.empty();
    }
    lastSeen.put(id, now);
    return Optional.of(session);
  }

  void close(String id) {
    if (id != null) {
      byId.remove(id);
      lastSeen.remove(id);
    }
  }

  /** Ends every session of a user (removed, or its password changed). */
  void closeAllOf(String user) {
    byId.values().removeIf(s -> s.user().equals(user));
  }

  private static String random() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
