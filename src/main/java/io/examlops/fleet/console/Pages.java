package io.examlops.fleet.console;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.AuditResult;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ReadFrom;
import io.javalin.config.RoutesConfig;
import io.javalin.http.ContentType;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's pages that read: the Fleet page, the review page, cluster pages, capacity, error
 * pages. Like the API routes, they call the Fleet's services with the signed-in user as the actor;
 * the routes declare who may use them ({@link Needs}). What changes a cluster is in {@link
 * Decisions}, users and tokens in {@link AccessPages}.
 */
final class Pages {
  /** How many of the latest decisions the review page lists. */
  private static final int DECISIONS_LISTED = 20;

  private final ConsoleParts parts;

  Pages(ConsoleParts parts) {
    this.parts = parts;
  }

  void register(RoutesConfig routes) {
    routes.get("/", this::fleetPage, Needs.READ);
    routes.get("/review", this::reviewPage, Needs.READ);
    routes.get("/capacity", this::capacityPage, Needs.READ);
    routes.get("/clusters/{name}", this::clusterPage, Needs.READ);
  }

  /** A Fleet page as rendered, and everything it was rendered from. */
  private record RenderedFleet(FleetView view, long second, SharedBody html) {}

  /** The latest Fleet page of each frame (user and CSRF token): at most one page a session. */
  private final Map<PageFrame, RenderedFleet> fleetPages = new ConcurrentHashMap<>();

  private static final int MAX_CACHED_PAGES = 64;

  /**
   * The Fleet page, rendered again only when the view or the second changed: its ages are in whole
   * seconds, and 100 clusters' rows are the bulk of what a request costs.
   */
  private void fleetPage(Context ctx) {
    FleetView view = parts.views().get();
    PageFrame frame = frame(ctx, "Fleet", view);
    Instant now = parts.clock().instant().truncatedTo(ChronoUnit.SECONDS);
    String notice = parts.sessions().takeFlash(Guard.principal(ctx).session());
    if (notice != null) {
      // Shown once: a page with a notice is never the cached one.
      List<ClusterRow> rows = view.rows().stream().sorted(ClusterRow.WAITING_FIRST).toList();
      parts.show(ctx, new Page.Fleet(frame, rows, notice, now));
      return;
    }
    RenderedFleet last = fleetPages.get(frame);
    if (last == null || last.view() != view || last.second() != now.getEpochSecond()) {
      List<ClusterRow> rows = view.rows().stream().sorted(ClusterRow.WAITING_FIRST).toList();
      String html = parts.templates().render(new Page.Fleet(frame, rows, null, now));
      last = new RenderedFleet(view, now.getEpochSecond(), SharedBody.of(html));
      if (fleetPages.size() >= MAX_CACHED_PAGES) {
        fleetPages.clear();
      }
      fleetPages.put(frame, last);
    }
    // encoded and compressed once: the 500 pages that fetch themselves after a change share them
    last.html().send(ctx, ContentType.HTML);
  }

  /** The clusters waiting for a decision, and the latest decisions. */
  private void reviewPage(Context ctx) {
    FleetView view = parts.views().get();
    List<ClusterRow> decided =
        view.rows().stream()
            .filter(r -> r.summary().decidedAt() != null)
            .sorted(Comparator.comparing((ClusterRow r) -> r.summary().decidedAt()).reversed())
            .limit(DECISIONS_LISTED)
            .toList();
    parts.show(
        ctx,
        new Page.Review(
            frame(ctx, "Review", view),
            view.rows().stream().filter(ClusterRow::approvable).toList(),
            decided,
            parts.clock().instant()));
  }

  /** How many of its newest jobs and latest events a cluster page lists. */
  static final int CLUSTER_ROWS = 50;

  /**
   * One cluster, as the view and the stores hold it; the core refuses a name it does not know. Its
   * newest jobs and latest events only, each read as one page of the store (a year of snapshots is
   * 100,000 events): the Jobs and Activity pages, filtered by the cluster, have the rest.
   */
  private void clusterPage(Context ctx) {
    String name = ClusterParam.path(ctx);
    FleetView view = parts.views().get();
    ClusterRow row = view.row(name, parts.fleet()).withRefresh(parts.refresher().status(name));
    Actor actor = Guard.principal(ctx).actor();
    JobsResult jobs =
        parts
            .fleet()
            .jobs()
            .list(
                actor,
                new JobsRequest(
                    name, null, null, ReadFrom.STORE, null, null, null, 0, CLUSTER_ROWS));
    AuditResult latest =
        parts
            .fleet()
            .governance()
            .audit(new AuditRequest(name, null, null, true, null, null, 0, CLUSTER_ROWS));
    List<ClusterSummary.Audit> oldestFirst = new ArrayList<>(latest.events());
    Collections.reverse(oldestFirst);
    parts.show(
        ctx,
        new Page.Cluster(
            frame(ctx, name, view),
            Decisions.notice(ctx.queryParam("done"), row),
            row,
            view.nodes().getOrDefault(name, List.of()),
            parts.fleet().jobs().queue(actor, new QueueRequest(name, ReadFrom.STORE)),
            jobs.jobs(),
            jobs.total(),
            oldestFirst,
            latest.total(),
            parts.clock().instant()));
  }

  private void capacityPage(Context ctx) {
    FleetView view = parts.views().get();
    parts.show(
        ctx,
        CapacityPage.of(
            frame(ctx, "Capacity", view), view, parts.fleet().capacity().gpuHoursByModel()));
  }

  /** An error as a page: in the frame when signed in, on its own otherwise. */
  void error(Context ctx, Refusal r) {
    Principal principal = Guard.principal(ctx);
    if (principal == null || principal.session() == null) {
      ctx.contentType("text/plain; charset=utf-8")
          .result(r.getMessage() + (r.hint() == null ? "" : "\n" + r.hint()));
      return;
    }
    parts.show(
        ctx,
        new Page.Refused(
            frame(ctx, "Error " + r.status(), viewIfReadable()),
            r.status(),
            r.getMessage(),
            r.hint()));
  }

  /**
   * The view for an error page's frame (its pending badge); none when the stores cannot be read,
   * which may be the error shown.
   */
  private FleetView viewIfReadable() {
    try {
      return parts.views().get();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The frame of a page: who is signed in, their CSRF token, how many clusters wait. */
  static PageFrame frame(Context ctx, String title, FleetView view) {
    Principal principal = Guard.principal(ctx);
    Session session = principal.session();
    return new PageFrame(
        title,
        principal.user(),
        principal.role() == null ? "token" : principal.role().label(),
        principal.admin(),
        session == null ? "" : session.csrf(),
        view == null ? 0 : view.pending(),
        ctx.method() == HandlerType.GET);
  }
}
