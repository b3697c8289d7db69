package io.examlops.fleet.console;

import io.examlops.fleet.model.access.Role;
import java.time.Instant;

/**
 * A signed-in user's session, held in memory only (a restart signs everyone out).
 *
 * @param stamp the user's credential stamp at sign-in: once platform.db holds another (the user
 *     removed, its role or password changed, by this process or another), the session has ended
 * @param csrf the token every form and state-changing request of this session must carry
 */
record Session(String id, String user, Role role, String stamp, String csrf, Instant createdAt) {
  @Override
  public String toString() {
    return "Session[user=" + user + ", role=" + role + "]";
  }
}
