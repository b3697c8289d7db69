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
 * @param directory signed in by the console's LDAP directory: the directory is asked again while it
 *     lasts
 * @param csrf the token every form and state-changing request of this session must carry
 */
record Session(
    String id,
    String user,
    Role role,
    String stamp,
    boolean directory,
    String csrf,
    Instant createdAt) {
  /** What it signed in on. */
  Credential credential() {
    return new Credential(user, role, stamp, false, directory);
  }

  @Override
  public String toString() {
    return "Session[user=" + user + ", role=" + role + (directory ? ", directory" : "") + "]";
  }
}
