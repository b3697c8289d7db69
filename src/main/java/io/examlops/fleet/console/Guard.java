package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RefusedAttempt.Why;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.Header;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Who sent a request, and whether the route it matched lets them: each route declares what it
 * {@link Needs}, and this checks it once, before the handler runs (Javalin's {@code
 * beforeMatched}), so that no handler checks a role or a scope of its own. A request that matches
 * no route is answered (404, 405) only to someone signed in, as before any route.
 */
final class Guard {
  private final AccessService access;
  private final GovernanceService governance;
  private final Sessions sessions;

  Guard(AccessService access, GovernanceService governance, Sessions sessions) {
    this.access = access;
    this.governance = governance;
    this.sessions = sessions;
  }

  /** Before the matched route's handler: admits the request to what the route declared. */
  void beforeMatched(Context ctx) {
    if (ctx.method() == HandlerType.HEAD && ctx.routeRoles().isEmpty()) {
      // Javalin answers HEAD with the GET route's handler, but without its roles: every GET but
      // the public ones reads, so a HEAD does too.
      admit(ctx, EnumSet.of(Needs.READ));
      return;
    }
    admit(ctx, Needs.declaredBy(ctx.routeRoles()));
  }

  /**
   * For a request no route matched, before it is told so: an unknown path or method is answered to
   * someone signed in only (with the read scope for a GET), as a route would be, so that it tells a
   * stranger nothing.
   */
  void unmatched(Context ctx) {
    if (principal(ctx) == null) {
      admit(ctx, EnumSet.of(ctx.method() == HandlerType.GET ? Needs.READ : Needs.SIGNED_IN));
    }
  }

  private void admit(Context ctx, Set<Needs> needs) {
    if (needs.contains(Needs.ANYONE)) {
      return;
    }
    Principal principal = authenticate(ctx, needs);
    ctx.attribute(Principal.class.getName(), principal);
    if (principal.session() != null && changesState(ctx)) {
      requireCsrf(ctx, principal);
    }
    if (needs.contains(Needs.SESSION) && principal.session() == null) {
      throw refused(
          ctx,
          principal,
          Why.SCOPE,
          Refusal.forbidden(
              "this needs an admin signed in to the console: an API token never administers tokens"
                  + " or users (nor mints a token); nothing was changed",
              "sign in at /login as an admin and do it there"));
    }
    if (principal.mustChangePassword()
        && !EnumSet.of(Needs.SIGNED_IN, Needs.SESSION).containsAll(needs)) {
      if (ConsoleServer.isPage(ctx) && ctx.method() == HandlerType.GET) {
        redirect(ctx, SignIn.OWN_PASSWORD);
      }
      throw Refusal.forbidden(
          principal.user()
              + " signed in with a one-time password: choose your own first; nothing was changed",
          "choose it at " + SignIn.OWN_PASSWORD);
    }
    for (Needs need : needs) {
      if (need.scope() != null && !principal.may(need.scope())) {
        throw refused(
            ctx,
            principal,
            Why.SCOPE,
            dropped(principal)
                ? Refusal.forbidden(
                    principal.user()
                        + " may not do this: the directory, asked now, no longer puts "
                        + principal.user()
                        + " in an admin group of this console, so this session is a "
                        + principal.role().label()
                        + "'s from now on; nothing was changed",
                    "ask the directory's administrators to add you to an admin group again, then"
                        + " sign in again")
                : Refusal.forbidden(
                    principal.user()
                        + " may not do this: it needs the "
                        + need.scope().label()
                        + " scope ("
                        + (need.scope() == TokenScope.ON_BEHALF
                            ? "only a token a console admin minted with it has it, never a session"
                            : "an admin's session has it")
                        + "); nothing was changed"));
      }
    }
  }

  /**
   * Records a refusal of someone the console knows ({@code principal}) on the audit trail, and
   * returns it to be thrown: the one place where the console's route refusals are audited.
   */
  private RuntimeException refused(
      Context ctx, Principal principal, Why why, RuntimeException refusal) {
    return refused(
        ctx,
        principal.user(),
        principal.token() == null ? null : principal.token().acting().words(),
        why,
        refusal);
  }

  private RuntimeException refused(
      Context ctx, String who, String token, Why why, RuntimeException refusal) {
    governance.refused(attempt(ctx, who, token, why, refusal.getMessage()));
    return refusal;
  }

  /**
   * A request of the console refused: through MCP or the console, from the connecting address (a
   * proxy's, behind one), what was tried as its method and path.
   */
  static RefusedAttempt attempt(Context ctx, String who, String token, Why why, String words) {
    return new RefusedAttempt(
        who,
        ctx.path().equals(McpRoutes.PATH) ? Actor.MCP : Actor.CONSOLE,
        ctx.ip(),
        ctx.method().name() + " " + ctx.path(),
        why,
        words,
        token);
  }

  /** A directory user's session whose role the directory took away since it signed in. */
  private static boolean dropped(Principal principal) {
    Session session = principal.session();
    return session != null && session.directory() && session.role() != principal.role();
  }

  /** Who was admitted; {@code null} on a route anyone may use. */
  static Principal principal(Context ctx) {
    return ctx.attribute(Principal.class.getName());
  }

  private Principal authenticate(Context ctx, Set<Needs> needs) {
    String authorization = ctx.header("Authorization");
    if (authorization != null) {
      if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
        throw refused(
            ctx,
            RefusedAttempt.UNKNOWN_TOKEN,
            null,
            Why.BAD_TOKEN,
            Refusal.unauthenticated("the Authorization header is not 'Bearer <token>'"));
      }
      String secret = authorization.substring(7).strip();
      Optional<Principal> admitted = access.authenticateToken(secret).map(Principal::of);
      if (admitted.isEmpty()) {
        // Named by the token the secret is (revoked, or its owner gone), never by the secret.
        Optional<ApiToken> held = access.refusedToken(secret);
        throw refused(
            ctx,
            held.map(ApiToken::owner).orElse(RefusedAttempt.UNKNOWN_TOKEN),
            held.map(t -> t.acting().words()).orElse(null),
            Why.BAD_TOKEN,
            Refusal.unauthenticated("the API token is unknown or revoked"));
      }
      return admitted.get();
    }
    String cookie = ctx.cookie(ConsoleServer.SESSION_COOKIE);
    Optional<Session> session = sessions.find(cookie);
    // What the session stands on, read from platform.db at every request: a user removed, or
    // whose role or password changed since sign-in, in this process or another, is signed out.
    // A directory user's is what the directory says: asked now for a decision or any other change,
    // else at most its check interval ago; a directory that cannot be asked refuses the request.
    // Signing out needs nothing of it.
    boolean signingOut = needs.equals(EnumSet.of(Needs.SIGNED_IN));
    boolean now = changesState(ctx) || needs.contains(Needs.ADMIN) || needs.contains(Needs.SESSION);
    Optional<Credential> grounds =
        session.flatMap(
            s ->
                signingOut && s.directory()
                    ? Optional.of(s.credential())
                    : access.grounds(s.credential(), now));
    if (grounds.isEmpty()) {
      // A session whose grounds changed is refused, not closed: it never stands again (stamps are
      // random), and each request it sends is told why until it expires.
      String why = cookie == null ? null : session.isPresent() ? SignIn.ENDED : SignIn.EXPIRED;
      RuntimeException refusal =
          Refusal.unauthenticated(
              why == null
                  ? "sign in first"
                  : session.isPresent()
                      ? ended(session.get().origin())
                      : "your session expired: sign in again");
      if (session.isPresent()) {
        // A removed or demoted user still trying; an expired session, or none, is no attempt.
        refused(ctx, session.get().user(), null, Why.SESSION_ENDED, refusal);
      }
      if (ConsoleServer.isPage(ctx)) {
        // A page asked for goes to sign-in and back to it; a form sent from a page whose session
        // ended goes back to that page (nothing was done: it is decided again from what it shows).
        boolean get = ctx.method() == HandlerType.GET;
        redirect(
            ctx,
            get ? HttpStatus.FOUND : HttpStatus.SEE_OTHER,
            SignIn.page(why, get ? ownPath(ctx) : refererPath(ctx)));
      }
      throw refusal;
    }
    return Principal.of(session.get(), grounds.get());
  }

  /** Why a session whose grounds are gone ended, by who vouched for its user. */
  private static String ended(Credential.Origin origin) {
    return switch (origin) {
      case LOCAL ->
          "your session ended: your user was removed or its role or password changed since you"
              + " signed in; sign in again";
      case DIRECTORY ->
          "your session ended: the directory no longer puts you in any of this console's groups"
              + " (or a local user of your name was added); sign in again";
      case PROVIDER ->
          "your session ended: a local user of your name was added since you signed in; sign in"
              + " again";
    };
  }

  private static String ownPath(Context ctx) {
    return ctx.path() + (ctx.queryString() == null ? "" : "?" + ctx.queryString());
  }

  /** The path of the page a form was sent from; {@code null} when the browser did not say. */
  private static String refererPath(Context ctx) {
    try {
      java.net.URI referer = java.net.URI.create(String.valueOf(ctx.header(Header.REFERER)));
      return referer.getRawPath()
          + (referer.getRawQuery() == null ? "" : "?" + referer.getRawQuery());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static void redirect(Context ctx, String location) {
    redirect(ctx, HttpStatus.FOUND, location);
  }

  /** Ends a page request with a redirect, set by hand: Javalin's needs a matched route. */
  private static void redirect(Context ctx, HttpStatus status, String location) {
    ctx.status(status).header(Header.LOCATION, location);
    ctx.skipRemainingHandlers();
    throw new SignInFirst();
  }

  /** Ends a request that was already answered with a redirect to the sign-in page. */
  static final class SignInFirst extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SignInFirst() {
      super(null, null, false, false);
    }
  }

  private static boolean changesState(Context ctx) {
    HandlerType m = ctx.method();
    return m == HandlerType.POST
        || m == HandlerType.PUT
        || m == HandlerType.DELETE
        || m == HandlerType.PATCH;
  }

  private void requireCsrf(Context ctx, Principal principal) {
    Session session = principal.session();
    String sent = ctx.header(ConsoleServer.CSRF_HEADER);
    if (sent == null
        && ctx.contentType() != null
        && ctx.contentType().startsWith("application/x-www-form-urlencoded")) {
      sent = ctx.formParam(ConsoleServer.CSRF_FIELD);
    }
    if (sent == null
        || !MessageDigest.isEqual(
            sent.getBytes(StandardCharsets.UTF_8),
            session.csrf().getBytes(StandardCharsets.UTF_8))) {
      throw refused(
          ctx,
          principal,
          Why.CSRF,
          Refusal.forbidden(
              "the CSRF token is missing or wrong: send the form from the console's page (or the "
                  + ConsoleServer.CSRF_HEADER
                  + " header); nothing was changed",
              "reload the page and send the form again"));
    }
  }
}
