package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.model.access.ConsoleUser;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * Signing in and out: the sign-in page and form, the session cookie, and the limit on failed
 * sign-ins (per address and per user name, whichever fills first).
 */
final class SignIn {
  private final AccessService access;
  private final Sessions sessions;
  private final Templates templates;
  private final boolean secureCookies;
  private final AttemptLimiter failures;

  SignIn(
      AccessService access,
      Sessions sessions,
      Templates templates,
      boolean secureCookies,
      Clock clock) {
    this.access = access;
    this.sessions = sessions;
    this.templates = templates;
    this.secureCookies = secureCookies;
    this.failures = new AttemptLimiter(clock, 5, Duration.ofMinutes(5));
  }

  void register(RoutesConfig routes) {
    routes.get("/login", this::page, Needs.ANYONE);
    routes.post("/login", this::signIn, Needs.ANYONE);
    routes.post("/logout", this::signOut, Needs.SIGNED_IN);
  }

  private void page(Context ctx) {
    String message =
        ctx.queryParam("expired") != null ? "Your session expired: sign in again." : null;
    ctx.html(templates.render(new Page.Login(message, "")));
  }

  private void signIn(Context ctx) {
    String user = Optional.ofNullable(ctx.formParam("user")).orElse("").strip();
    String password = Optional.ofNullable(ctx.formParam("password")).orElse("");
    String byAddress = "ip:" + ctx.ip();
    String byUser = "user:" + user;
    Duration wait = max(failures.wait(byAddress), failures.wait(byUser));
    if (!wait.isZero()) {
      ctx.status(429);
      ctx.html(
          templates.render(
              new Page.Login(
                  "Too many failed sign-ins: try again in " + Math.max(1, wait.toSeconds()) + " s.",
                  user)));
      return;
    }
    char[] secret = password.toCharArray();
    Optional<ConsoleUser> signedIn = access.authenticate(user, secret);
    Arrays.fill(secret, '\0');
    if (signedIn.isEmpty()) {
      failures.record(byAddress);
      failures.record(byUser);
      ctx.status(401);
      ctx.html(templates.render(new Page.Login("Wrong user or password.", user)));
      return;
    }
    failures.forget(byUser);
    closeSession(ctx);
    Session session = sessions.open(signedIn.get().name(), signedIn.get().role());
    ctx.header(
        "Set-Cookie",
        ConsoleServer.SESSION_COOKIE
            + "="
            + session.id()
            + "; Path=/; HttpOnly; SameSite=Strict"
            + (secure(ctx) ? "; Secure" : ""));
    ctx.redirect("/", HttpStatus.SEE_OTHER);
  }

  private void signOut(Context ctx) {
    closeSession(ctx);
    ctx.redirect("/login", HttpStatus.SEE_OTHER);
  }

  private void closeSession(Context ctx) {
    sessions.close(ctx.cookie(ConsoleServer.SESSION_COOKIE));
    ctx.header(
        "Set-Cookie",
        ConsoleServer.SESSION_COOKIE
            + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
            + (secure(ctx) ? "; Secure" : ""));
  }

  private boolean secure(Context ctx) {
    return secureCookies || "https".equals(ctx.scheme());
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
