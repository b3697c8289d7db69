package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's HTML pages: the Fleet page, cluster pages, capacity, access. Like the API routes,
 * they call the Fleet's services with the signed-in user as the actor; the routes declare who may
 * use them ({@link Needs}).
 */
final class Pages {
  private final Fleet fleet;
  private final ViewCache views;
  private final Refresher refresher;
  private final RefreshRequests refreshes;
  private final Templates templates;
  private final Sessions sessions;
  private final Clock clock;

  Pages(
      Fleet fleet,
      ViewCache views,
      Refresher refresher,
      RefreshRequests refreshes,
      Templates templates,
      Sessions sessions,
      Clock clock) {
    this.sessions = sessions;
    this.fleet = fleet;
    this.views = views;
    this.refresher = refresher;
    this.refreshes = refreshes;
    this.templates = templates;
    this.clock = clock;
  }

  void register(RoutesConfig routes) {
    routes.get("/", ctx -> fleetPage(ctx, sessions.takeFlash(session(ctx))), Needs.READ);
    routes.get("/capacity", this::capacityPage, Needs.READ);
    routes.get("/clusters/{name}", this::clusterPage, Needs.READ);
    routes.post("/clusters/{name}/approve", this::approve, Needs.ADMIN);
    routes.post("/clusters/{name}/reject", this::reject, Needs.ADMIN);
    routes.post("/clusters/{name}/refresh", this::refresh, Needs.ADMIN);
    // Administering access needs a signed-in admin: a token never mints a token.
    routes.get(
        "/admin/access", ctx -> accessPage(ctx, null), Needs.READ, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/tokens", this::createToken, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/tokens/{id}/revoke", this::revokeToken, Needs.ADMIN, Needs.SESSION);
  }

  /** Approves what the page showed: the form carries the revision the admin reviewed. */
  private void approve(Context ctx) {
    String name = ctx.pathParam("name");
    fleet
        .governance()
        .approve(Guard.principal(ctx).actor(), new ApproveRequest(name, reviewed(ctx)));
    sessions.flash(session(ctx), "Approved " + name + ".");
    ctx.redirect("/", HttpStatus.SEE_OTHER);
  }

  /** Rejects what the page showed: the form carries the revision the admin reviewed. */
  private void reject(Context ctx) {
    String name = ctx.pathParam("name");
    fleet
        .governance()
        .reject(
            Guard.principal(ctx).actor(),
            new RejectRequest(name, ctx.formParam("reason"), reviewed(ctx)));
    sessions.flash(session(ctx), "Rejected " + name + ".");
    ctx.redirect("/", HttpStatus.SEE_OTHER);
  }

  /** The revision a page's decision form carries: a page always decides on what it showed. */
  private static ClusterRevision reviewed(Context ctx) {
    ClusterRevision revision =
        ClusterRevision.parse(ctx.formParam(Decisions.REVISION), Decisions.REVISION);
    if (revision == null) {
      throw Refusal.badRequest(
          "the form carries no revision of what was reviewed; nothing was decided",
          "reload the page, review the cluster and decide again");
    }
    return revision;
  }

  private static Session session(Context ctx) {
    return Guard.principal(ctx).session();
  }

  private void refresh(Context ctx) {
    String name = ctx.pathParam("name");
    refreshes.request(name);
    ctx.redirect("/clusters/" + name, HttpStatus.SEE_OTHER);
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
    FleetView view = views.get();
    PageFrame frame = frame(ctx, "Fleet", view);
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    RenderedFleet last = fleetPages.get(frame);
    if (last == null
        || last.view() != view
        || !Objects.equals(last.notice(), notice)
        || last.second() != now.getEpochSecond()) {
      String html = templates.render(new Page.Fleet(frame, view.rows(), notice, now));
      last = new RenderedFleet(view, notice, now.getEpochSecond(), html);
      if (fleetPages.size() >= MAX_CACHED_PAGES) {
        fleetPages.clear();
      }
      fleetPages.put(frame, last);
    }
    ctx.html(last.html());
  }

  /** One cluster, as the view and the stores hold it; the core refuses a name it does not know. */
  private void clusterPage(Context ctx) {
    String name = ctx.pathParam("name");
    FleetView view = views.get();
    ClusterRow row = view.row(name, fleet).withRefresh(refresher.status(name));
    ctx.html(
        templates.render(
            new Page.Cluster(
                frame(ctx, name, view),
                row,
                view.nodes().getOrDefault(name, List.of()),
                fleet
                    .jobs()
                    .queue(Guard.principal(ctx).actor(), new QueueRequest(name, ReadFrom.STORE)),
                recordedJobs(ctx, name),
                fleet.governance().audit(new AuditRequest(name)).events(),
                clock.instant())));
  }

  private void capacityPage(Context ctx) {
    FleetView view = views.get();
    ctx.html(
        templates.render(
            CapacityPage.of(frame(ctx, "Capacity", view), view, recordedJobs(ctx, null))));
  }

  /** Tracked jobs as last recorded: no scheduler is asked while the page waits. */
  private List<TrackedJob> recordedJobs(Context ctx, String cluster) {
    return fleet
        .jobs()
        .list(Guard.principal(ctx).actor(), new JobsRequest(cluster, null, null, ReadFrom.STORE))
        .jobs();
  }

  private void accessPage(Context ctx, String newSecret) {
    ctx.html(
        templates.render(
            new Page.Access(
                frame(ctx, "Users and tokens", views.get()),
                fleet.access().users(),
                fleet.access().tokens(),
                newSecret)));
  }

  private void createToken(Context ctx) {
    IssuedToken issued =
        fleet
            .access()
            .createToken(
                Guard.principal(ctx).actor(),
                ctx.formParam("owner"),
                ctx.formParam("name"),
                TokenScope.parseAll(String.join(",", ctx.formParams("scope"))));
    accessPage(ctx, issued.secret());
  }

  private void revokeToken(Context ctx) {
    fleet.access().revokeToken(Guard.principal(ctx).actor(), ctx.pathParam("id"));
    ctx.redirect("/admin/access", HttpStatus.SEE_OTHER);
  }

  /** An error as a page: in the frame when signed in, on its own otherwise. */
  void error(Context ctx, Refusal r) {
    Principal principal = Guard.principal(ctx);
    if (principal == null || principal.session() == null) {
      ctx.contentType("text/plain; charset=utf-8")
          .result(r.getMessage() + (r.hint() == null ? "" : "\n" + r.hint()));
      return;
    }
    ctx.html(
        templates.render(
            new Page.Refused(
                frame(ctx, "Error " + r.status(), null), r.status(), r.getMessage(), r.hint())));
  }

  static PageFrame frame(Context ctx, String title, FleetView view) {
    Principal principal = Guard.principal(ctx);
    Session session = principal.session();
    return new PageFrame(
        title,
        principal.user(),
        principal.role() == null ? "token" : principal.role().label(),
        principal.admin(),
        session == null ? "" : session.csrf(),
        view == null ? 0 : view.pending());
  }
}
