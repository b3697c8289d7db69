package io.examlops.fleet.console;

import io.examlops.fleet.model.access.TokenScope;
import io.javalin.security.RouteRole;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a route needs of whoever asks, declared where the route is registered and checked once, by
 * {@link Guard}, before its handler runs. Every {@code GET} but the public ones declares {@link
 * #READ}, beside whatever else it needs: a token without the read scope reads nothing. A session
 * has its role's scopes (an admin all of them, a viewer {@code read}), a token its own within what
 * its owner's role allows now (see {@link io.examlops.fleet.model.access.Role}).
 */
enum Needs implements RouteRole {
  /** Nobody in particular: sign-in, static files, the health check, the API's description. */
  ANYONE(null),
  /**
   * Any signed-in user or live token, whatever its scopes: signing out. A session still on a
   * one-time password may use such a route.
   */
  SIGNED_IN(null),
  /**
   * A signed-in session, never a token: administering tokens and users (a token never mints a
   * token), choosing one's own password. A session still on a one-time password may use such a
   * route when it needs nothing else.
   */
  SESSION(null),
  READ(TokenScope.READ),
  SUBMIT(TokenScope.SUBMIT),
  ADMIN(TokenScope.ADMIN),
  /** A token's, never a session's: approving or rejecting for the admin a Jenkins job names. */
  ON_BEHALF(TokenScope.ON_BEHALF);

  private final TokenScope scope;

  Needs(TokenScope scope) {
    this.scope = scope;
  }

  /** The scope the route needs; {@code null} when being signed in (or not even that) is enough. */
  TokenScope scope() {
    return scope;
  }

  /**
   * What the matched route declared: all of it is needed (a page that administers and is read with
   * a GET needs both scopes). A route that declares nothing, or {@link #ANYONE} beside something
   * else, is a bug of the console: it is refused (as an internal error) rather than served.
   */
  static Set<Needs> declaredBy(Set<RouteRole> roles) {
    Set<Needs> needs = EnumSet.noneOf(Needs.class);
    for (RouteRole role : roles) {
      if (role instanceof Needs n) {
        needs.add(n);
      }
    }
    if (needs.isEmpty()
        || needs.size() != roles.size()
        || (needs.contains(ANYONE) && needs.size() > 1)) {
      throw new IllegalStateException("the route declares no clear need: " + roles);
    }
    return needs;
  }
}
