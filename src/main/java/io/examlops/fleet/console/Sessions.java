package io.examlops.fleet.console;

import io.examlops.fleet.model.access.Credential;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sessions by their random id (256 bits, the cookie's value). A session ends when its user signs
 * out, after {@link #IDLE} without a request, {@link #ABSOLUTE} after sign-in, or when the ID token
 * it signed in with expires (an OpenID Provider's user, when that comes first); and when its
 * grounds change (see {@link Session#stamp()}), which {@link Guard} checks at every request. Each
 * session holds at most one notice for its next page (a flash), so that what a page says was done
 * comes from the server, never from the query text.
 */
final class Sessions {
  static final Duration IDLE = Duration.ofMinutes(30);
  static final Duration ABSOLUTE = Duration.ofHours(12);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Clock clock;
  private final ConcurrentHashMap<String, Session> byId = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, Instant> lastSeen = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, String> notices = new ConcurrentHashMap<>();

  Sessions(Clock clock) {
    this.clock = clock;
  }

  Session open(Credential credential) {
    return open(credential, Instant.MAX);
  }

  /**
   * A session that ends at {@code until} at the latest (the expiry of the ID token it stands on).
   */
  Session open(Credential credential, Instant until) {
    Instant now = clock.instant();
    Instant absolute = now.plus(ABSOLUTE);
    Session session =
        new Session(
            random(),
            credential.user(),
            credential.role(),
            credential.stamp(),
            credential.origin(),
            random(),
            now,
            until.isBefore(absolute) ? until : absolute);
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
    if (now.isAfter(seen.plus(IDLE)) || !now.isBefore(session.notAfter())) {
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
      notices.remove(id);
    }
  }

  /** Keeps {@code notice} for the session's next page (what was just done). */
  void flash(Session session, String notice) {
    if (byId.containsKey(session.id())) {
      notices.put(session.id(), notice);
    }
  }

  /** The notice kept for this page, taken: the next page has none. */
  String takeFlash(Session session) {
    return session == null ? null : notices.remove(session.id());
  }

  /** A new random value: session ids, CSRF and sign-in form tokens. */
  static String newSecret() {
    return random();
  }

  private static String random() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
