package io.examlops.fleet.console;

import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.Role;
import java.time.Instant;

/**
 * A signed-in user's session, held in memory only (a restart signs everyone out).
 *
 * @param role the role it signed in with (what it may do now is what its grounds say now)
 * @param stamp the user's credential stamp at sign-in: once platform.db holds another (the user
 *     removed, its role or password changed, by this process or another), the session has ended
 * @param origin who vouched for the user: a session the console's LDAP directory signed in asks it
 *     again while it lasts
 * @param csrf the token every form and state-changing request of this session must carry
 * @param notAfter when it ends whatever is done with it: its absolute life after sign-in, or the
 *     expiry of the ID token it signed in with when that comes first
 */
record Session(
    String id,
    String user,
    Role role,
    String stamp,
    Credential.Origin origin,
    String csrf,
    Instant createdAt,
    Instant notAfter) {
  /** What it signed in on. */
  Credential credential() {
    return new Credential(user, role, stamp, false, origin);
  }

  /** Whether the console's LDAP directory signed it in. */
  boolean directory() {
    return origin == Credential.Origin.DIRECTORY;
  }

  @Override
  public String toString() {
    return "Session[" + credential() + "]";
  }
}
