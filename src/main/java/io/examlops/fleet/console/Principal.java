package io.examlops.fleet.console;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenGrant;
import io.examlops.fleet.model.access.TokenScope;
import java.util.Set;

/**
 * Who sent a request: a signed-in user (session) or a script with an API token.
 *
 * @param user the user's name, as the audit trail records it
 * @param role the user's role now (a token's owner's; a directory user's as its groups say)
 * @param scopes what the request may do: a session has its role's scopes, a token its own within
 *     what its owner's role allows now
 * @param session the session, {@code null} for a token
 * @param mustChangePassword the session was signed in with a one-time password: it may do nothing
 *     but choose its own password, or sign out
 * @param token the API token, {@code null} for a session
 */
record Principal(
    String user,
    Role role,
    Set<TokenScope> scopes,
    Session session,
    boolean mustChangePassword,
    ApiToken token) {
  Principal {
    scopes = Set.copyOf(scopes);
  }

  /** A session's user with the role its grounds give it now (a directory user's may drop). */
  static Principal of(Session session, Credential grounds) {
    return new Principal(
        session.user(),
        grounds.role(),
        grounds.role().sessionScopes(),
        session,
        grounds.mustChangePassword(),
        null);
  }

  static Principal of(TokenGrant grant) {
    return new Principal(
        grant.token().owner(), grant.ownerRole(), grant.scopes(), null, false, grant.token());
  }

  boolean may(TokenScope scope) {
    return scopes.contains(scope);
  }

  boolean admin() {
    return may(TokenScope.ADMIN);
  }

  /**
   * Whether it acts with an admin's authority over others' jobs (cancel, detach): the admin scope
   * and, now, the admin role.
   */
  boolean adminStanding() {
    return admin() && role == Role.ADMIN;
  }

  /**
   * Whether it may cancel this job now, by the gateway's rule: the submit scope, and its submitter
   * or an admin ({@link io.examlops.fleet.jobs.Standing}); and the job has not ended.
   */
  boolean mayCancel(io.examlops.fleet.model.TrackedJob job) {
    return may(TokenScope.SUBMIT)
        && !job.state().terminal()
        && (adminStanding() || job.submittedBy().equals(user));
  }

  /**
   * The acting user on the audit trail ({@code bob via console}), with the limits of the token the
   * request came with.
   */
  Actor actor() {
    Actor actor = new Actor(user, Actor.CONSOLE);
    return token == null ? actor : actor.withToken(token.acting());
  }
}
