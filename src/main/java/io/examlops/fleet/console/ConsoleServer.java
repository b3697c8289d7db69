package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.json.FleetJson;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.http.Header;
import io.javalin.http.HttpResponseException;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.http.staticfiles.Location;
import io.javalin.router.EndpointNotFound;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web console and its REST API over one {@link Fleet}: pages and JSON read the cached fleet
 * view (no request waits on a scheduler), changes go through the Fleet's services with the
 * signed-in user as the actor. Every route declares what it {@link Needs} (all but sign-in, static
 * files, the health check and the API's description need a session or an API token), and the {@link
 * Guard} checks it before the handler; every state-changing request of a session carries its CSRF
 * token.
 */
public final class ConsoleServer implements AutoCloseable {
  static final String SESSION_COOKIE = "exa_session";
  static final String CSRF_HEADER = "X-CSRF-Token";
  static final String CSRF_FIELD = "csrf";
  private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);

  private final ConsoleSettings settings;
  private final AccessService access;
  final Refresher refresher;
  private final ViewCache views;
  private final Guard guard;
  private final Pages pages;
  private final McpRoutes mcp;
  private final LiveFeed live;
  private final Javalin app;
  private final Fleet fleet;
  private final Clock clock;
  private volatile ConsoleNotifications notifications;

  public ConsoleServer(Fleet fleet, ConsoleSettings settings, Clock clock) {
    this.settings = settings;
    Sessions sessions = new Sessions(clock);
    // With a directory, who signs in and what their sessions stand on is asked of it too; with an
    // OpenID Provider, it signs users in too.
    this.access =
        fleet.access().withDirectory(settings.directory()).withProvider(settings.provider());
    this.guard = new Guard(access, fleet.governance(), sessions);
    this.views =
        new ViewCache(
            fleet.governance()::storesVersion,
            before -> FleetView.build(fleet, this::refreshStatus, before),
            view -> view.refreshed(fleet, this::refreshStatus));
    this.fleet = fleet;
    this.clock = clock;
    this.refresher =
        new Refresher(
            fleet, clock, settings.refreshInterval(), views::invalidate, this::roundEnded);
    RefreshRequests refreshes = new RefreshRequests(fleet, refresher, clock);
    Templates templates = new Templates();
    ConsoleParts parts =
        new ConsoleParts(fleet, views, templates, sessions, refresher, refreshes, clock);
    ApiRoutes api = new ApiRoutes(parts);
    SignIn signIn =
        new SignIn(
            access, fleet.governance(), sessions, templates, settings.secureCookies(), clock);
    this.pages = new Pages(parts);
    Decisions decisions = new Decisions(parts);
    AccessPages accessPages = new AccessPages(parts);
    HistoryPages history = new HistoryPages(parts);
    this.mcp = new McpRoutes(parts, settings.mcp());
    this.live = new LiveFeed(fleet.governance()::storesVersion, views, clock);
    this.app =
        Javalin.create(
            cfg -> {
              cfg.startup.showJavalinBanner = false;
              cfg.http.maxRequestSize = JsonBody.MAX_BYTES;
              cfg.http.prefer405over404 = true;
              cfg.jetty.modifyServer(server -> server.setErrorHandler(new ServerErrors()));
              if (settings.tls() != null) {
                // With a connector of its own, Javalin adds no plain-HTTP one.
                cfg.jetty.addConnector((server, http) -> httpsConnector(server, http, settings));
              }
              // Static files are routes too: they declare that anyone may have them (the
              // sign-in page needs its style sheet).
              cfg.staticFiles.add(
                  s -> {
                    // Javalin's enableWebjars(), with the roles it cannot be given.
                    s.hostedPath = "/webjars";
                    s.directory = "META-INF/resources/webjars";
                    s.location = Location.CLASSPATH;
                    s.headers = Map.of("Cache-Control", "max-age=31622400");
                    s.roles = Set.of(Needs.ANYONE);
                  });
              cfg.staticFiles.add(
                  s -> {
                    s.hostedPath = "/static";
                    s.directory = "/io/examlops/fleet/console/static";
                    s.location = Location.CLASSPATH;
                    s.roles = Set.of(Needs.ANYONE);
                  });
              cfg.routes.beforeMatched(guard::beforeMatched);
              cfg.routes.after(this::securityHeaders);
              cfg.routes.after(this::showOwnChange);
              signIn.register(cfg.routes);
              if (settings.provider() != null) {
                new OpenIdSignIn(
                        access,
                        signIn,
                        templates,
                        settings.provider(),
                        settings.secureCookies(),
                        clock)
                    .register(cfg.routes);
              }
              api.register(cfg.routes);
              new CentralRoutes(fleet).register(cfg.routes);
              new OnBehalfRoutes(fleet, access).register(cfg.routes);
              pages.register(cfg.routes);
              decisions.register(cfg.routes);
              accessPages.register(cfg.routes);
              history.register(cfg.routes);
              mcp.register(cfg.routes);
              live.register(cfg.routes);
              cfg.routes.exception(Exception.class, (e, ctx) -> fail(ctx, e));
              // Javalin's own refusals (a body over the limit, a method the path does not take)
              // have a handler of their own that answers in Javalin's shape: replace it.
              cfg.routes.exception(HttpResponseException.class, (e, ctx) -> fail(ctx, e));
              cfg.routes.error(404, this::notFound);
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

  /**
   * What keeps the console's directory from being used as set, asked now (see {@link
   * AccessService#directoryProblems()}); empty when all is well or there is none.
   */
  java.util.List<String> directoryProblems() {
    return access.directoryProblems();
  }

  /** {@code https} when the console serves TLS itself, else {@code http}. */
  String scheme() {
    return settings.tls() == null ? "http" : "https";
  }

  private RefreshStatus refreshStatus(String cluster) {
    return refresher == null ? RefreshStatus.NEVER : refresher.status(cluster);
  }

  /**
   * Starts listening, the notifications (when the settings name any) and the refresher; returns the
   * port it listens on.
   */
  public int start() {
    app.start(settings.bind(), settings.port());
    if (settings.notifications() != null) {
      notifications =
          new ConsoleNotifications(fleet, settings.notifications(), consoleUrl(), clock);
      notifications.start();
    }
    refresher.start();
    live.start();
    return app.port();
  }

  /**
   * The console's address in the links of notifications: the settings' {@code console_url}, else
   * where it listens (this machine's name when it listens on every address).
   */
  String consoleUrl() {
    if (settings.notifications() != null && settings.notifications().consoleUrl() != null) {
      return settings.notifications().consoleUrl().toString();
    }
    String host = settings.bind();
    if (host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0")) {
      try {
        host = java.net.InetAddress.getLocalHost().getHostName();
      } catch (java.io.IOException e) {
        host = "localhost";
      }
    }
    if (host.contains(":")) {
      host = "[" + host + "]";
    }
    return scheme() + "://" + host + ":" + app.port() + "/";
  }

  private void roundEnded(String cluster, RefreshStatus before, RefreshStatus after) {
    ConsoleNotifications n = notifications;
    if (n != null) {
      n.roundEnded(cluster, before, after);
    }
  }

  public int port() {
    return app.port();
  }

  Javalin app() {
    return app;
  }

  @Override
  public void close() {
    refresher.close();
    live.close();
    if (notifications != null) {
      notifications.close();
    }
    mcp.close();
    app.stop();
    views.close();
  }

  /**
   * After a request that may have changed the stores (not a read, not refused), the view of them is
   * built before the answer goes out, so that the maker's next request shows its change even while
   * other requests are answered from the view before (see {@link ViewCache}).
   */
  private void showOwnChange(Context ctx) {
    HandlerType method = ctx.method();
    if (method == HandlerType.GET
        || method == HandlerType.HEAD
        || method == HandlerType.OPTIONS
        || ctx.statusCode() >= 400) {
      return;
    }
    try {
      views.fresh();
    } catch (RuntimeException e) {
      // the change is made; the next request that reads the view builds it
      LOG.warn("console: cannot read the stores after a change: {}", e.getMessage());
    }
  }

  static boolean isPage(Context ctx) {
    return !ctx.path().startsWith("/api/")
        && !ctx.path().equals("/metrics")
        && !ctx.path().equals(McpRoutes.PATH);
  }

  /**
   * Headers on every answer: a strict content policy, no framing, no sniffing; nothing but the
   * jar's static files may be kept by a cache (pages and JSON hold what a user may see now, and
   * only they); under TLS, browsers are told to use nothing else (HSTS).
   */
  private void securityHeaders(Context ctx) {
    ctx.header(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "same-origin");
    ctx.header("X-Frame-Options", "DENY");
    if (!ctx.path().startsWith("/static/") && !ctx.path().startsWith("/webjars/")) {
      ctx.header("Cache-Control", "no-store");
    }
    if (settings.tls() != null) {
      ctx.header("Strict-Transport-Security", "max-age=31536000");
    }
    if (ctx.method() == HandlerType.HEAD && ctx.path().startsWith("/api/")) {
      // Javalin answers a HEAD without running the GET's handler: say what the GET would send.
      ctx.contentType("application/json");
    }
  }

  private void fail(Context ctx, Exception e) {
    if (e instanceof EndpointNotFound || e instanceof MethodNotAllowedResponse) {
      try {
        guard.unmatched(ctx);
      } catch (RuntimeException refused) {
        e = refused;
      }
    }
    if (e instanceof Guard.SignInFirst) {
      return;
    }
    Refusal r = ApiErrors.refusal(e);
    if (r.status() >= 500) {
      LOG.warn("{} {}: {}", ctx.method(), ctx.path(), e.toString(), e);
    }
    ctx.status(r.status());
    if (r.status() == 401 && !isPage(ctx)) {
      // RFC 9110: a 401 names the scheme to authenticate with; scripts and agents use tokens.
      ctx.header(Header.WWW_AUTHENTICATE, "Bearer realm=\"exa\"");
    }
    if (ctx.path().equals(McpRoutes.PATH)) {
      json(ctx, McpRoutes.body(r));
    } else if (isPage(ctx)) {
      pages.error(ctx, r);
    } else {
      json(ctx, ApiErrors.body(r));
    }
  }

  private void notFound(Context ctx) {
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
