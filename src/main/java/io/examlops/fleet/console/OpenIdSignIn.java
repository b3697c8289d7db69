package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.access.ProviderRequest;
import io.examlops.fleet.access.ProviderSignIn;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.settings.OpenIdSettings;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Signing in with the console's OpenID Provider: the sign-in page's "Sign in with" button starts
 * here ({@link #START}), the browser goes to the provider with a new state, nonce and PKCE
 * challenge, and comes back to {@link OpenIdSettings#CALLBACK} with a code. The sign-in under way
 * is kept in memory under a random key its browser holds in a cookie (one use, {@link #PATIENCE} at
 * most), so that an answer the provider sends to another browser, or a state that is not the one
 * sent, signs nobody in. Whatever goes wrong comes back as the sign-in page saying what, never a
 * raw error.
 */
final class OpenIdSignIn {
  static final String START = "/login/oidc";

  /** The cookie holding the key of its browser's sign-in under way. */
  static final String COOKIE = "exa_oidc";

  /** How long a browser may take at the provider. */
  static final Duration PATIENCE = Duration.ofMinutes(10);

  /** More sign-ins under way than this, past their patience or not, refuse new ones. */
  private static final int MAX_UNDER_WAY = 10_000;

  private static final Logger LOG = LoggerFactory.getLogger(OpenIdSignIn.class);

  private record UnderWay(ProviderRequest request, String next, Instant started) {}

  private final AccessService access;
  private final SignIn signIn;
  private final Templates templates;
  private final String name;
  private final URI redirectUri;
  private final boolean secureCookies;
  private final Clock clock;
  private final ConcurrentHashMap<String, UnderWay> underWay = new ConcurrentHashMap<>();

  OpenIdSignIn(
      AccessService access,
      SignIn signIn,
      Templates templates,
      OpenIdSettings settings,
      boolean secureCookies,
      Clock clock) {
    this.access = access;
    this.signIn = signIn;
    this.templates = templates;
    this.name = settings.name();
    this.redirectUri = settings.redirectUri();
    this.secureCookies = secureCookies;
    this.clock = clock;
  }

  void register(RoutesConfig routes) {
    routes.get(START, this::start, Needs.ANYONE);
    routes.get(OpenIdSettings.CALLBACK, this::callback, Needs.ANYONE);
  }

  private void start(Context ctx) {
    Instant now = clock.instant();
    underWay.values().removeIf(u -> past(u, now));
    if (underWay.size() >= MAX_UNDER_WAY) {
      ctx.status(503);
      signIn.form(ctx, "Too many sign-ins with " + name + " are under way: try again shortly.", "");
      return;
    }
    URI callback;
    try {
      callback = returnAddress(ctx);
    } catch (IllegalArgumentException e) {
      ctx.status(400);
      signIn.form(ctx, "This request names no host the console can be called back at.", "");
      return;
    }
    ProviderRequest request;
    try {
      request = access.beginProviderSignIn(callback);
    } catch (FleetException e) {
      unavailable(ctx, e);
      return;
    }
    String key = Sessions.newSecret();
    underWay.put(key, new UnderWay(request, SignIn.back(ctx.queryParam(SignIn.NEXT)), now));
    signIn.cookie(ctx, COOKIE, key, START, "Lax");
    ctx.redirect(request.location().toString(), HttpStatus.SEE_OTHER);
  }

  /**
   * Where the provider sends the browser back: as the settings say, else this console's callback at
   * the address the browser used (https when cookies are Secure: behind a TLS proxy).
   */
  private URI returnAddress(Context ctx) {
    if (redirectUri != null) {
      return redirectUri;
    }
    String scheme = secureCookies || "https".equals(ctx.scheme()) ? "https" : "http";
    URI uri = URI.create(scheme + "://" + ctx.host() + OpenIdSettings.CALLBACK);
    if (uri.getHost() == null || uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException("no host");
    }
    return uri;
  }

  private void callback(Context ctx) {
    String key = ctx.cookie(COOKIE);
    UnderWay started = key == null ? null : underWay.remove(key);
    signIn.cookie(ctx, COOKIE, "", START, "Lax");
    if (started == null || past(started, clock.instant())) {
      ctx.status(400);
      signIn.form(
          ctx,
          "This answer from "
              + name
              + " belongs to no sign-in this browser started here in the last "
              + PATIENCE.toMinutes()
              + " minutes: nobody was signed in. Sign in again.",
          "");
      return;
    }
    String state = ctx.queryParam("state");
    if (state == null
        || !MessageDigest.isEqual(
            state.getBytes(StandardCharsets.UTF_8),
            started.request().state().getBytes(StandardCharsets.UTF_8))) {
      LOG.warn("a sign-in with {} came back with another state: refused", name);
      ctx.status(400);
      signIn.form(
          ctx,
          "This answer from "
              + name
              + " does not belong to the sign-in this browser started (its state differs):"
              + " nobody was signed in. Sign in again.",
          "");
      return;
    }
    String error = ctx.queryParam("error");
    String code = ctx.queryParam("code");
    if (error != null || code == null) {
      ctx.status("access_denied".equals(error) ? 403 : 400);
      signIn.form(ctx, denied(error, ctx.queryParam("error_description")), "");
      return;
    }
    ProviderSignIn signedIn;
    try {
      signedIn = access.finishProviderSignIn(Actor.CONSOLE, started.request(), code);
    } catch (FleetException e) {
      if (e.kind() == ErrorKind.NOT_PERMITTED || e.kind() == ErrorKind.AUTHENTICATION_FAILED) {
        LOG.warn("a sign-in with {} was refused: {}", name, e.getMessage());
        ctx.status(e.kind() == ErrorKind.NOT_PERMITTED ? 403 : 401);
        signIn.form(ctx, "Not signed in: " + e.getMessage() + ".", "");
        return;
      }
      unavailable(ctx, e);
      return;
    }
    signIn.open(ctx, signedIn.credential(), signedIn.expiresAt());
    ctx.html(templates.render(new Page.SignedIn(signedIn.credential().user(), started.next())));
  }

  /** What the provider said when it signed nobody in, as the sign-in page says it. */
  private String denied(String error, String description) {
    if (error == null) {
      return name + " sent the browser back without a code: nobody was signed in. Sign in again.";
    }
    String why =
        OneLine.escaped(shortened(error))
            + (description == null ? "" : ": " + OneLine.escaped(shortened(description)));
    return "access_denied".equals(error)
        ? name
            + " did not sign you in ("
            + why
            + "): consent was denied or the sign-in cancelled there. Sign in again, or as a local"
            + " user."
        : name + " did not sign you in (" + why + "). Sign in again, or as a local user.";
  }

  private static String shortened(String text) {
    return text.length() > 200 ? text.substring(0, 200) + "…" : text;
  }

  /**
   * The provider could not be asked, or its answers cannot be used: why is for the console's log,
   * the visitor is told it failed. Anything else is not this page's to answer.
   */
  private void unavailable(Context ctx, FleetException e) {
    if (e.kind() != ErrorKind.CONNECT_FAILED && e.kind() != ErrorKind.TIMED_OUT) {
      throw e;
    }
    LOG.warn("a sign-in with {} failed: {}", name, e.getMessage());
    ctx.status(ApiErrors.status(e));
    signIn.form(
        ctx,
        name
            + " cannot be asked now (the console's log says why): try again later. Local users can"
            + " still sign in.",
        "");
  }

  private static boolean past(UnderWay u, Instant now) {
    return now.isAfter(u.started().plus(PATIENCE));
  }
}
