package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RefusedAttempt.Why;
import io.examlops.fleet.model.access.Credential;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signing in and out, and choosing one's own password: the sign-in page and form, the session
 * cookie, the growing delays after failed sign-ins ({@link SignInDelays}).
 *
 * <p>The sign-in form carries a pre-session token that must equal the one in a {@code SameSite}
 * cookie set with the form: a page on another origin cannot read it, so it cannot sign a visitor's
 * browser in as someone else (login CSRF). A user signed in with a one-time password (the first
 * admin's) may do nothing but choose its own password ({@link #OWN_PASSWORD}) or sign out.
 */
final class SignIn {
  static final String OWN_PASSWORD = "/account/password";

  /** Query words of the sign-in page: why the last session is gone. */
  static final String EXPIRED = "expired";

  static final String ENDED = "ended";

  static final String FORM_COOKIE = "exa_signin";

  /** The sign-in page's parameter naming the page to go back to once signed in. */
  static final String NEXT = "next";

  /** A path of this console (and its query): never another origin, never a scheme. */
  private static final java.util.regex.Pattern OWN_PATH =
      java.util.regex.Pattern.compile("/(?![/\\\\])[A-Za-z0-9/_.~%=&?-]{0,300}");

  private static final String DIRECTORY_PASSWORD =
      "Your password is the directory's (LDAP): change it there; this console does not keep it.";

  private static final Logger LOG = LoggerFactory.getLogger(SignIn.class);

  private static final String WRONG_PASSWORD = "Wrong user or password.";

  /** What {@link Sessions#newSecret()} makes: 32 bytes, URL-safe base64. */
  private static final java.util.regex.Pattern TOKEN =
      java.util.regex.Pattern.compile("[A-Za-z0-9_-]{43}");

  private final AccessService access;
  private final GovernanceService governance;
  private final Sessions sessions;
  private final Templates templates;
  private final boolean secureCookies;
  private final SignInDelays delays;

  SignIn(
      AccessService access,
      GovernanceService governance,
      Sessions sessions,
      Templates templates,
      boolean secureCookies,
      Clock clock) {
    this.access = access;
    this.governance = governance;
    this.sessions = sessions;
    this.templates = templates;
    this.secureCookies = secureCookies;
    this.delays = new SignInDelays(clock);
  }

  void register(RoutesConfig routes) {
    routes.get("/login", this::page, Needs.ANYONE);
    routes.post("/login", this::signIn, Needs.ANYONE);
    routes.post("/logout", this::signOut, Needs.SIGNED_IN);
    routes.get(OWN_PASSWORD, ctx -> passwordPage(ctx, null), Needs.SESSION);
    routes.post(OWN_PASSWORD, this::choosePassword, Needs.SESSION);
  }

  private void page(Context ctx) {
    String message =
        ctx.queryParam(EXPIRED) != null
            ? "Your session expired: sign in again."
            : ctx.queryParam(ENDED) != null
                ? "Your session ended: your user was removed, or its role or password changed"
                    + " (a directory user: it is in none of this console's groups now)."
                    + " Sign in again."
                : null;
    form(ctx, message, "");
  }

  /**
   * Where a sign-in goes back to: {@code path} when it is a path of this console, else the Fleet
   * page. What a link or a form names is never taken as another origin.
   */
  static String back(String path) {
    return path != null && OWN_PATH.matcher(path).matches() && !path.startsWith("/login")
        ? path
        : "/";
  }

  /** The sign-in page that says {@code why} (or nothing) and goes back to {@code next}. */
  static String page(String why, String next) {
    String back = back(next);
    return "/login"
        + (why == null ? "" : "?" + why)
        + (back.equals("/")
            ? ""
            : (why == null ? "?" : "&")
                + NEXT
                + "="
                + java.net.URLEncoder.encode(back, StandardCharsets.UTF_8));
  }

  /**
   * The sign-in form with the browser's pre-session token, in its cookie and in the form: the one
   * its cookie holds already (so that every sign-in page a browser has open stays usable), else a
   * new one.
   */
  void form(Context ctx, String message, String user) {
    // The page to go back to: the sign-in page's link names it, its form carries it on.
    String next =
        back(ctx.method() == HandlerType.GET ? ctx.queryParam(NEXT) : ctx.formParam(NEXT));
    String kept = ctx.cookie(FORM_COOKIE);
    String token = kept != null && TOKEN.matcher(kept).matches() ? kept : Sessions.newSecret();
    cookie(ctx, FORM_COOKIE, token, "/login");
    ctx.html(
        templates.render(
            new Page.Login(message, user, token, next, access.provider().orElse(null))));
  }

  private void signIn(Context ctx) {
    String user = Optional.ofNullable(ctx.formParam("user")).orElse("").strip();
    if (!sameForm(ctx)) {
      String why =
          "This sign-in did not come from this console's own sign-in page (or the page was too"
              + " old): sign in here.";
      refused(ctx, user, Why.FOREIGN_FORM, why);
      ctx.status(403);
      form(ctx, why, "");
      return;
    }
    String password = Optional.ofNullable(ctx.formParam("password")).orElse("");
    String address = ctx.ip();
    Duration wait = delays.wait(user, address);
    if (!wait.isZero()) {
      String why =
          "Several wrong passwords for this user: wait "
              + Math.max(1, wait.toSeconds())
              + " s before the next try.";
      refused(ctx, user, Why.SIGN_IN_DELAY, why);
      ctx.status(429);
      form(ctx, why, user);
      return;
    }
    char[] secret = password.toCharArray();
    Optional<Credential> signedIn;
    try {
      signedIn = access.signIn(Actor.CONSOLE, user, secret);
    } catch (FleetException e) {
      refused(ctx, user, e);
      return;
    } finally {
      Arrays.fill(secret, '\0');
    }
    if (signedIn.isEmpty()) {
      delays.failed(user, address);
      refused(ctx, user, Why.WRONG_PASSWORD, WRONG_PASSWORD);
      ctx.status(401);
      form(ctx, WRONG_PASSWORD, user);
      return;
    }
    delays.succeeded(user, address);
    open(ctx, signedIn.get());
    ctx.redirect(
        signedIn.get().mustChangePassword() ? OWN_PASSWORD : back(ctx.formParam(NEXT)),
        HttpStatus.SEE_OTHER);
  }

  /**
   * A sign-in the directory refused with the right password (in none of the console's groups), or
   * could not answer. Neither counts as a wrong password. Why the directory could not answer is for
   * the console's log: the visitor is not signed in, and is told only that it failed.
   */
  private void refused(Context ctx, String user, FleetException e) {
    if (e.kind() == ErrorKind.NOT_PERMITTED) {
      String why = "Not signed in: " + e.getMessage() + ".";
      refused(ctx, user, Why.NOT_ADMITTED, why);
      ctx.status(403);
      form(ctx, why, user);
      return;
    }
    if (e.kind() != ErrorKind.CONNECT_FAILED
        && e.kind() != ErrorKind.TIMED_OUT
        && e.kind() != ErrorKind.AUTHENTICATION_FAILED) {
      throw e;
    }
    LOG.warn(
        "sign-in of {} through the directory failed: {}", Printable.quoted(user), e.getMessage());
    String why =
        "The directory that signs in this console's LDAP users cannot be asked now (the console's"
            + " log says why): try again later. Local users can still sign in.";
    refused(ctx, user, Why.DIRECTORY_UNAVAILABLE, why);
    ctx.status(ApiErrors.status(e));
    form(ctx, why, user);
  }

  /**
   * Every refused sign-in, on the audit trail: the name as typed (never the password), the address,
   * and why, as the visitor was told.
   */
  private void refused(Context ctx, String user, Why why, String words) {
    governance.refused(
        new RefusedAttempt(user, Actor.CONSOLE, ctx.ip(), "sign-in", why, words, null));
  }

  /** Whether the form's pre-session token is the one its cookie holds. */
  private static boolean sameForm(Context ctx) {
    String sent = ctx.formParam(ConsoleServer.CSRF_FIELD);
    String kept = ctx.cookie(FORM_COOKIE);
    return sent != null
        && kept != null
        && !kept.isEmpty()
        && MessageDigest.isEqual(
            sent.getBytes(StandardCharsets.UTF_8), kept.getBytes(StandardCharsets.UTF_8));
  }

  private Session open(Context ctx, Credential credential) {
    return open(ctx, credential, java.time.Instant.MAX);
  }

  /**
   * Opens a session on {@code credential} that ends at {@code until} at the latest, in place of the
   * one the browser had, and sets its cookie.
   */
  Session open(Context ctx, Credential credential, java.time.Instant until) {
    sessions.close(ctx.cookie(ConsoleServer.SESSION_COOKIE));
    Session session = sessions.open(credential, until);
    cookie(ctx, ConsoleServer.SESSION_COOKIE, session.id(), "/");
    return session;
  }

  private void signOut(Context ctx) {
    sessions.close(ctx.cookie(ConsoleServer.SESSION_COOKIE));
    cookie(ctx, ConsoleServer.SESSION_COOKIE, "", "/");
    ctx.redirect("/login", HttpStatus.SEE_OTHER);
  }

  private void passwordPage(Context ctx, String message) {
    Principal principal = Guard.principal(ctx);
    if (message == null && principal.session().origin() != Credential.Origin.LOCAL) {
      message = outsidePassword(principal.session().origin());
    }
    ctx.html(
        templates.render(
            new Page.Password(
                Pages.frame(ctx, "Your password", null), principal.mustChangePassword(), message)));
  }

  /**
   * Sets the signed-in user's own password, given the current one: its sessions end (this one
   * included) and a new one opens on the new password.
   */
  private void choosePassword(Context ctx) {
    Principal principal = Guard.principal(ctx);
    if (principal.session().origin() != Credential.Origin.LOCAL) {
      ctx.status(400);
      passwordPage(ctx, outsidePassword(principal.session().origin()) + " Nothing was changed.");
      return;
    }
    String password = Optional.ofNullable(ctx.formParam("password")).orElse("");
    if (!password.equals(ctx.formParam("again"))) {
      ctx.status(400);
      passwordPage(ctx, "The two new passwords differ; nothing was changed.");
      return;
    }
    char[] current = Optional.ofNullable(ctx.formParam("current")).orElse("").toCharArray();
    boolean known = access.authenticate(principal.user(), current).isPresent();
    Arrays.fill(current, '\0');
    if (!known) {
      ctx.status(400);
      passwordPage(ctx, "The current password is wrong; nothing was changed.");
      return;
    }
    char[] chosen = password.toCharArray();
    try {
      access.setPassword(principal.actor(), principal.user(), chosen);
    } catch (FleetException e) {
      ctx.status(400);
      passwordPage(ctx, e.getMessage());
      return;
    } finally {
      Arrays.fill(chosen, '\0');
    }
    Credential now =
        access
            .credential(principal.user())
            .orElseThrow(() -> Refusal.unauthenticated("your user was removed meanwhile"));
    sessions.flash(open(ctx, now), "Your new password is set.");
    ctx.redirect("/", HttpStatus.SEE_OTHER);
  }

  /** What a user who is not a local one is told of its password. */
  private String outsidePassword(Credential.Origin origin) {
    return origin == Credential.Origin.DIRECTORY
        ? DIRECTORY_PASSWORD
        : "Your password is "
            + access.provider().orElse("your identity provider")
            + "'s: change it there; this console does not keep it.";
  }

  /** Sets a cookie, sent to this site's pages only. */
  void cookie(Context ctx, String name, String value, String path) {
    cookie(ctx, name, value, path, "Strict");
  }

  /**
   * Sets a cookie sent as {@code sameSite} says: {@code Lax} for one that must come back with a
   * browser another site sends here (the OpenID Provider's redirect).
   */
  void cookie(Context ctx, String name, String value, String path, String sameSite) {
    ctx.res()
        .addHeader(
            "Set-Cookie",
            name
                + "="
                + value
                + "; Path="
                + path
                + (value.isEmpty() ? "; Max-Age=0" : "")
                + "; HttpOnly; SameSite="
                + sameSite
                + (secureCookies || "https".equals(ctx.scheme()) ? "; Secure" : ""));
  }
}
