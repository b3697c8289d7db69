package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** The console's HTML pages: sign-in, the Fleet page, cluster pages, capacity, access. */
final class Pages {
  private final ConsoleServer server;
  private final Fleet fleet;
  private final Templates templates;
  private final ApiRoutes api;

  Pages(ConsoleServer server, Fleet fleet, Templates templates, ApiRoutes api) {
    this.server = server;
    this.fleet = fleet;
    this.templates = templates;
    this.api = api;
  }

  void register(RoutesConfig routes) {
    routes.get("/login", this::loginPage);
    routes.post("/login", this::login);
    routes.post("/logout", this::logout);
    routes.get("/", ctx -> fleetPage(ctx, notice(ctx)));
    routes.get("/capacity", this::capacityPage);
    routes.get("/clusters/{name}", this::clusterPage);
    routes.post(
        "/clusters/{name}/approve",
        ctx -> {
          String name = ctx.pathParam("name");
          api.approve(ctx, name);
          ctx.redirect("/?approved=" + name, HttpStatus.SEE_OTHER);
        });
    routes.post(
        "/clusters/{name}/reject",
        ctx -> {
          String name = ctx.pathParam("name");
          api.reject(ctx, name, ctx.formParam("reason"));
          ctx.redirect("/?rejected=" + name, HttpStatus.SEE_OTHER);
        });
    routes.post(
        "/clusters/{name}/refresh",
        ctx -> {
          String name = ctx.pathParam("name");
          api.refresh(ctx, name);
          ctx.redirect("/clusters/" + name, HttpStatus.SEE_OTHER);
        });
    routes.get("/admin/access", ctx -> accessPage(ctx, null));
    routes.post("/admin/tokens", this::createToken);
    routes.post(
        "/admin/tokens/{id}/revoke",
        ctx -> {
          Principal p = ConsoleServer.require(ctx, TokenScope.ADMIN);
          fleet.access().revokeToken(p.actor(), ctx.pathParam("id"));
          ctx.redirect("/admin/access", HttpStatus.SEE_OTHER);
        });
  }

  private void loginPage(Context ctx) {
    String message =
        ctx.queryParam("expired") != null ? "Your session expired: sign in again." : null;
    login(ctx, message, "");
  }

  private void login(Context ctx, String message, String user) {
    Map<String, Object> p = new HashMap<>();
    p.put("message", message);
    p.put("user", user);
    ctx.html(templates.render("login.jte", p));
  }

  /** Signs in; failures are limited per address and per user name, whichever fills first. */
  private void login(Context ctx) {
    String user = Optional.ofNullable(ctx.formParam("user")).orElse("").strip();
    String password = Optional.ofNullable(ctx.formParam("password")).orElse("");
    String byAddress = "ip:" + ctx.ip();
    String byUser = "user:" + user;
    Duration wait = max(server.failedLogins.wait(byAddress), server.failedLogins.wait(byUser));
    if (!wait.isZero()) {
      ctx.status(429);
      login(
          ctx,
          "Too many failed sign-ins: try again in " + Math.max(1, wait.toSeconds()) + " s.",
          user);
      return;
    }
    char[] secret = password.toCharArray();
    Optional<ConsoleUser> signedIn = fleet.access().authenticate(user, secret);
    java.util.Arrays.fill(secret, '\0');
    if (signedIn.isEmpty()) {
      server.failedLogins.record(byAddress);
      server.failedLogins.record(byUser);
      ctx.status(401);
      login(ctx, "Wrong user or password.", user);
      return;
    }
    server.failedLogins.forget(byUser);
    server.closeSession(ctx);
    server.openSession(ctx, server.sessions.open(signedIn.get().name(), signedIn.get().role()));
    ctx.redirect("/", HttpStatus.SEE_OTHER);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private void logout(Context ctx) {
    server.closeSession(ctx);
    ctx.redirect("/login", HttpStatus.SEE_OTHER);
  }

  private static String notice(Context ctx) {
    if (ctx.queryParam("approved") != null) {
      return "Approved " + ctx.queryParam("approved") + ".";
    }
    if (ctx.queryParam("rejected") != null) {
      return "Rejected " + ctx.queryParam("rejected") + ".";
    }
    return null;
  }

  /** A Fleet page as rendered, and everything it was rendered from. */
  private record RenderedFleet(FleetView view, String notice, long second, String html) {}

  /** The latest Fleet page of each frame (user and CSRF token): at most one page a session. */
  private final Map<PageFrame, RenderedFleet> fleetPages = new ConcurrentHashMap<>();

  private static final int MAX_CACHED_PAGES = 64;

  /**
   * The Fleet page, rendered again only when the view, the notice or the second changed: its ages
   * are in whole seconds, and 100 clusters' rows are the bulk of what a request costs.
   */
  private void fleetPage(Context ctx, String notice) {
    FleetView view = server.views.get();
    Map<String, Object> p = frame(ctx, "Fleet", view);
    PageFrame frame = (PageFrame) p.get("frame");
    Instant now = server.clock().instant().truncatedTo(ChronoUnit.SECONDS);
    RenderedFleet last = fleetPages.get(frame);
    if (last == null
        || last.view() != view
        || !Objects.equals(last.notice(), notice)
        || last.second() != now.getEpochSecond()) {
      p.put("rows", view.rows());
      p.put("age", (Function<Instant, String>) at -> Ages.of(at, now));
      p.put("notice", notice);
      last =
          new RenderedFleet(view, notice, now.getEpochSecond(), templates.render("fleet.jte", p));
      if (fleetPages.size() >= MAX_CACHED_PAGES) {
        fleetPages.clear();
      }
      fleetPages.put(frame, last);
    }
    ctx.html(last.html());
  }

  private void clusterPage(Context ctx) {
    String name = ctx.pathParam("name");
    api.summary(name);
    FleetView view = server.views.get();
    Map<String, Object> p = frame(ctx, name, view);
    ClusterRow row = view.row(name);
    p.put(
        "row",
        new ClusterRow(
            row.summary(),
            row.totalGpus(),
            row.idleGpus(),
            row.utilization(),
            row.gpuHours(),
            row.cost(),
            row.snapshotAt(),
            row.approval(),
            server.refresher.status(name)));
    p.put("nodes", view.nodes().getOrDefault(name, List.of()));
    QueueResult queue = api.queue(ctx, name);
    p.put("queue", queue);
    p.put("queuePending", queue.jobs().stream().filter(j -> j.state() == JobState.PENDING).count());
    p.put("jobs", recordedJobs(ctx, name));
    p.put("audit", fleet.governance().audit(new AuditRequest(name)).events());
    p.put("age", age());
    p.put("text", (Function<Object, String>) Pages::text);
    p.put("span", (Function<java.time.Duration, String>) Ages::span);
    ctx.html(templates.render("cluster.jte", p));
  }

  private void capacityPage(Context ctx) {
    FleetView view = server.views.get();
    Map<String, Object> p = frame(ctx, "Capacity", view);
    p.put("page", CapacityPage.of(view, recordedJobs(ctx, null)));
    ctx.html(templates.render("capacity.jte", p));
  }

  /** Tracked jobs as last recorded: no scheduler is asked while the page waits. */
  private List<TrackedJob> recordedJobs(Context ctx, String cluster) {
    return fleet
        .jobs()
        .list(
            ConsoleServer.principal(ctx).actor(),
            new JobsRequest(cluster, null, null, ReadFrom.STORE))
        .jobs();
  }

  private void accessPage(Context ctx, String newSecret) {
    ConsoleServer.require(ctx, TokenScope.ADMIN);
    Map<String, Object> p = frame(ctx, "Users and tokens", server.views.get());
    p.put("users", fleet.access().users());
    p.put("tokens", fleet.access().tokens());
    p.put("newSecret", newSecret);
    p.put("text", (Function<Object, String>) Pages::text);
    ctx.html(templates.render("access.jte", p));
  }

  private void createToken(Context ctx) {
    Principal p = ConsoleServer.require(ctx, TokenScope.ADMIN);
    List<String> scopes = ctx.formParams("scope");
    IssuedToken issued =
        fleet
            .access()
            .createToken(
                p.actor(),
                ctx.formParam("owner"),
                ctx.formParam("name"),
                TokenScope.parseAll(String.join(",", scopes)));
    accessPage(ctx, issued.secret());
  }

  /** An error as a page: in the frame when signed in, on its own otherwise. */
  void error(Context ctx, Refusal r) {
    Principal principal = ConsoleServer.principal(ctx);
    if (principal == null || principal.session() == null) {
      ctx.contentType("text/plain; charset=utf-8")
          .result(r.getMessage() + (r.hint() == null ? "" : "\n" + r.hint()));
      return;
    }
    Map<String, Object> p = frame(ctx, "Error " + r.status(), null);
    p.put("status", r.status());
    p.put("message", r.getMessage());
    p.put("hint", r.hint());
    ctx.html(templates.render("error.jte", p));
  }

  private Map<String, Object> frame(Context ctx, String title, FleetView view) {
    Principal principal = ConsoleServer.principal(ctx);
    Session session = principal.session();
    Map<String, Object> p = new HashMap<>();
    p.put(
        "frame",
        new PageFrame(
            title,
            principal.user(),
            principal.role() == null ? "token" : principal.role().label(),
            principal.admin(),
            session == null ? "" : session.csrf(),
            view == null ? 0 : view.pending()));
    return p;
  }

  private Function<Instant, String> age() {
    Instant now = server.clock().instant();
    return at -> Ages.of(at, now);
  }

  /** A value as text: times in the JSON format, nothing as "-". */
  private static String text(Object value) {
    if (value == null) {
      return "-";
    }
    if (value instanceof Instant at) {
      return FleetJson.instant(at);
    }
    return value.toString();
  }
}
