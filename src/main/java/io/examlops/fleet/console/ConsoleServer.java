package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import io.javalin.http.staticfiles.Location;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web console and its REST API over one {@link Fleet}: pages and JSON read the cached fleet
 * view (no request waits on a scheduler), changes go through the Fleet's operations with the
 * signed-in user as the actor. Every request but sign-in and static files needs a session or an API
 * token; every state-changing request of a session carries its CSRF token.
 */
public final class ConsoleServer implements AutoCloseable {
  static final String SESSION_COOKIE = "exa_session";
  static final String CSRF_HEADER = "X-CSRF-Token";
  static final String CSRF_FIELD = "csrf";
  static final long MAX_BODY_BYTES = 64 * 1024;
  private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
  private static final Set<String> PUBLIC_PREFIXES =
      Set.of("/login", "/static/", "/webjars/", "/healthz", "/api/v1/openapi.json");

  private final Fleet fleet;
  private final ConsoleSettings settings;
  private final Clock clock;
  final Sessions sessions;
  final AttemptLimiter failedLogins;
  final AttemptLimiter refreshRequests;
  final Refresher refresher;
  final ViewCache views;
  private final Javalin app;

  public ConsoleServer(Fleet fleet, ConsoleSettings settings, Clock clock) {
    this.fleet = fleet;
    this.settings = settings;
    this.clock = clock;
    this.sessions = new Sessions(clock);
    this.failedLogins = new AttemptLimiter(clock, 5, Duration.ofMinutes(5));
    this.refreshRequests = new AttemptLimiter(clock, 1, Duration.ofSeconds(30));
    this.views =
        new ViewCache(
            fleet.governance()::storesVersion,
            () -> FleetView.build(fleet, clock, this::refreshStatus),
            view -> view.refreshed(fleet, clock, this::refreshStatus));
    this.refresher = new Refresher(fleet, clock, settings.refreshInterval(), views::invalidate);
    ApiRoutes api = new ApiRoutes(this, fleet);
    Pages pages = new Pages(this, fleet, new Templates(), api);
    this.app =
        Javalin.create(
            cfg -> {
              cfg.startup.showJavalinBanner = false;
              cfg.http.maxRequestSize = MAX_BODY_BYTES;
              cfg.http.prefer405over404 = true;
              cfg.jetty.modifyServer(server -> server.setErrorHandler(new ServerErrors()));
              if (settings.tls() != null) {
                // With a connector of its own, Javalin adds no plain-HTTP one.
                cfg.jetty.addConnector((server, http) -> httpsConnector(server, http, settings));
              }
              cfg.staticFiles.enableWebjars();
              cfg.staticFiles.add(
                  s -> {
                    s.hostedPath = "/static";
                    s.directory = "/io/examlops/fleet/console/static";
                    s.location = Location.CLASSPATH;
                  });
              cfg.routes.before(this::guard);
              cfg.routes.after(ConsoleServer::securityHeaders);
              api.register(cfg.routes);
              new CentralRoutes(fleet).register(cfg.routes);
              pages.register(cfg.routes);
              cfg.routes.exception(Exception.class, (e, ctx) -> fail(ctx, e, pages));
              // Javalin's own refusals (a body over the limit, a method the path does not take)
              // have a handler of their own that answers in Javalin's shape: replace it.
              cfg.routes.exception(HttpResponseException.class, (e, ctx) -> fail(ctx, e, pages));
              cfg.routes.error(404, ctx -> notFound(ctx, pages));
            });
  }

  private static org.eclipse.jetty.server.Connector httpsConnector(
      org.eclipse.jetty.server.Server server,
      org.eclipse.jetty.server.HttpConfiguration http,
      ConsoleSettings settings) {
    org.eclipse.jetty.util.ssl.SslContextFactory.Server tls =
        new org.eclipse.jetty.util.ssl.SslContextFactory.Server();
    tls.setKeyStore(settings.tls().keyStore());
    tls.setKeyStorePassword(settings.tls().password());
    http.addCustomizer(new org.eclipse.jetty.server.SecureRequestCustomizer(false));
    org.eclipse.jetty.server.ServerConnector connector =
        new org.eclipse.jetty.server.ServerConnector(
            server, tls, new org.eclipse.jetty.server.HttpConnectionFactory(http));
    connector.setHost(settings.bind());
    connector.setPort(settings.port());
    return connector;
  }

  /** {@code https} when the console serves TLS itself, else {@code http}. */
  String scheme() {
    return settings.tls() == null ? "http" : "https";
  }

  private RefreshStatus refreshStatus(String cluster) {
    return refresher == null ? RefreshStatus.NEVER : refresher.status(cluster);
  }

  /** Starts listening and the refresher; returns the port it listens on. */
  public int start() {
    app.start(settings.bind(), settings.port());
    refresher.start();
    return app.port();
  }

  public int port() {
    return app.port();
  }

  Javalin app() {
    return app;
  }

  Clock clock() {
    return clock;
  }

  ConsoleSettings settings() {
    return settings;
  }

  @Override
  public void close() {
    refresher.close();
    app.stop();
    views.close();
  }

  /** Who sent the request; refuses one that has neither a live session nor a live token. */
  private void guard(Context ctx) {
    String path = ctx.path();
    if (PUBLIC_PREFIXES.stream().anyMatch(path::startsWith)) {
      return;
    }
    Principal principal = authenticate(ctx);
    ctx.attribute(Principal.class.getName(), principal);
    if (principal.session() != null && changesState(ctx)) {
      requireCsrf(ctx, principal.session());
    }
    if (!principal.may(TokenScope.READ) && ctx.method() == HandlerType.GET) {
      throw Refusal.forbidden("this token has no read scope");
    }
  }

  private Principal authenticate(Context ctx) {
    String authorization = ctx.header("Authorization");
    if (authorization != null) {
      if (!authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
        throw Refusal.unauthenticated("the Authorization header is not 'Bearer <token>'");
      }
      Optional<ApiToken> token =
          fleet.access().authenticateToken(authorization.substring(7).strip());
      ApiToken t =
          token.orElseThrow(() -> Refusal.unauthenticated("the API token is unknown or revoked"));
      return new Principal(
          t.owner(),
          fleet.access().user(t.owner()).map(u -> u.role()).orElse(null),
          t.scopes(),
          null);
    }
    String cookie = ctx.cookie(SESSION_COOKIE);
    Optional<Session> session = sessions.find(cookie);
    if (session.isEmpty()) {
      if (isPage(ctx) && ctx.method() == HandlerType.GET) {
        ctx.redirect(cookie == null ? "/login" : "/login?expired");
        ctx.skipRemainingHandlers();
        throw new SignInFirst();
      }
      throw Refusal.unauthenticated(
          cookie == null ? "sign in first" : "your session expired: sign in again");
    }
    return Principal.of(session.get());
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

  private static void requireCsrf(Context ctx, Session session) {
    String sent = ctx.header(CSRF_HEADER);
    if (sent == null
        && ctx.contentType() != null
        && ctx.contentType().startsWith("application/x-www-form-urlencoded")) {
      sent = ctx.formParam(CSRF_FIELD);
    }
    if (sent == null
        || !MessageDigest.isEqual(
            sent.getBytes(StandardCharsets.UTF_8),
            session.csrf().getBytes(StandardCharsets.UTF_8))) {
      throw Refusal.forbidden(
          "the CSRF token is missing or wrong: send the form from the console's page (or the"
              + " "
              + CSRF_HEADER
              + " header); nothing was changed");
    }
  }

  static Principal principal(Context ctx) {
    return ctx.attribute(Principal.class.getName());
  }

  /** The signed-in principal, refused unless it may {@code scope}. */
  static Principal require(Context ctx, TokenScope scope) {
    Principal p = principal(ctx);
    if (p == null || !p.may(scope)) {
      throw Refusal.forbidden(
          (p == null ? "nobody" : p.user())
              + " may not do this: it needs the "
              + scope.label()
              + " scope (an admin's session has it); nothing was changed");
    }
    return p;
  }

  static boolean isPage(Context ctx) {
    return !ctx.path().startsWith("/api/") && !ctx.path().equals("/metrics");
  }

  void openSession(Context ctx, Session session) {
    ctx.header(
        "Set-Cookie",
        SESSION_COOKIE
            + "="
            + session.id()
            + "; Path=/; HttpOnly; SameSite=Strict"
            + (secure(ctx) ? "; Secure" : ""));
  }

  void closeSession(Context ctx) {
    sessions.close(ctx.cookie(SESSION_COOKIE));
    ctx.header(
        "Set-Cookie",
        SESSION_COOKIE
            + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
            + (secure(ctx) ? "; Secure" : ""));
  }

  private boolean secure(Context ctx) {
    return settings.secureCookies() || "https".equals(ctx.scheme());
  }

  private static void securityHeaders(Context ctx) {
    ctx.header(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "same-origin");
    ctx.header("X-Frame-Options", "DENY");
    if (isPage(ctx)) {
      ctx.header("Cache-Control", "no-store");
    }
  }

  private static void fail(Context ctx, Exception e, Pages pages) {
    if (e instanceof SignInFirst) {
      return;
    }
    Refusal r = ApiErrors.refusal(e);
    if (r.status() >= 500) {
      LOG.warn("{} {}: {}", ctx.method(), ctx.path(), e.toString(), e);
    }
    ctx.status(r.status());
    if (isPage(ctx)) {
      pages.error(ctx, r);
    } else {
      json(ctx, ApiErrors.body(r));
    }
  }

  private static void notFound(Context ctx, Pages pages) {
    if (ctx.result() != null && !ctx.result().isEmpty()) {
      return;
    }
    Refusal r =
        new Refusal(
            404,
            "NOT_FOUND",
            "no page or endpoint at " + ctx.path(),
            "the API is described at /api/v1/openapi.json");
    if (isPage(ctx)) {
      pages.error(ctx, r);
    } else {
      json(ctx, ApiErrors.body(r));
    }
  }

  static void json(Context ctx, Object value) {
    ctx.contentType("application/json");
    ctx.result(FleetJson.compact(value));
  }
}
