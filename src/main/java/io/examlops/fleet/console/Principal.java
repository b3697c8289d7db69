package io.examlops.fleet.console;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import java.util.Set;

/**
 * Who sent a request: a signed-in user (session) or a script with an API token.
 *
 * @param user the user's name, as the audit trail records it
 * @param scopes what the request may do: a session has its role's scopes, a token its own
 * @param session the session, {@code null} for a token
 */
record Principal(String user, Role role, Set<TokenScope> scopes, Session session) {
  Principal {
    scopes = Set.copyOf(scopes);
  }

  static Principal of(Session session) {
    return new Principal(session.user(), session.role(), scopesOf(session.role()), session);
  }

  /** An admin's session may read, submit and administer; a viewer's may only read. */
  static Set<TokenScope> scopesOf(Role role) {
    return role == Role.ADMIN ? Set.of(TokenScope.values()) : Set.of(TokenScope.READ);
  }

  boolean may(TokenScope scope) {
    return scopes.contains(scope);
  }

  boolean admin() {
    return may(TokenScope.ADMIN);
  }

  /** The acting user on the audit trail: {@code bob via console}. */
  Actor actor() {
    return new Actor(user, Actor.CONSOLE);
  }
}
