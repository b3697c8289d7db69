package io.examlops.fleet.console;

import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.ReprobeRequest;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an admin does to a cluster from the console: approve (from the review panel, where every pin
 * is shown), reject or revoke (after a confirm page that asks for the reason), ask for a refresh.
 * Each answers with the cluster's page and a notice that its state now bears out.
 */
final class Decisions {

  private final ConsoleParts parts;

  Decisions(ConsoleParts parts) {
    this.parts = parts;
  }

  void register(RoutesConfig routes) {
    routes.post("/clusters/{name}/approve", this::approve, Needs.ADMIN);
    routes.get("/clusters/{name}/reject", ctx -> confirmReject(ctx, null), Needs.READ, Needs.ADMIN);
    routes.post("/clusters/{name}/reject", this::reject, Needs.ADMIN);
    routes.post("/clusters/{name}/refresh", this::refresh, Needs.ADMIN);
    routes.post("/clusters/{name}/reprobe", this::reprobe, Needs.ADMIN);
  }

  /**
   * Probes the cluster again through its entry as it is now: the admin waits for the same read-only
   * commands as connect, and the page then shows what they found.
   */
  private void reprobe(Context ctx) {
    String name = ClusterParam.path(ctx);
    parts.fleet().governance().reprobe(Guard.principal(ctx).actor(), new ReprobeRequest(name));
    done(ctx, name, "reprobed");
  }

  private void approve(Context ctx) {
    String name = ClusterParam.path(ctx);
    parts
        .fleet()
        .governance()
        .approve(Guard.principal(ctx).actor(), new ApproveRequest(name, reviewed(ctx)));
    done(ctx, name, "approved");
  }

  /** The reject (or revoke) step that asks for the reason; {@code message}: why it was refused. */
  private void confirmReject(Context ctx, String message) {
    String name = ClusterParam.path(ctx);
    FleetView view = parts.views().get();
    ClusterRow row = view.row(name, parts.fleet());
    boolean revoke = row.active();
    List<Page.Fact> facts = new ArrayList<>();
    facts.add(new Page.Fact("Cluster", name));
    facts.add(new Page.Fact("State", row.stateLabel()));
    facts.add(
        new Page.Fact(
            "Asked for by",
            Objects.toString(row.summary().requestedBy(), "-")
                + " "
                + Ages.when(row.summary().requestedAt())));
    facts.addAll(row.approval().facts());
    parts.show(
        ctx,
        new Page.Confirm(
            Pages.frame(ctx, (revoke ? "Revoke " : "Reject ") + name, view),
            revoke
                ? "Revoke the approval of "
                    + name
                    + "? Jobs can no longer be sent to it until an admin approves it again."
                : "Reject " + name + "? It stays registered and can be approved later.",
            facts,
            List.of(
                new Page.Field(
                    "reason",
                    "Reason (required; kept in the audit trail and shown to everyone)",
                    "textarea",
                    "off"),
                // The confirm step shows the pins again: the rejection is of what it
                // showed.
                Page.Field.hidden(DecisionBody.REVISION, row.summary().revision())),
            "/clusters/" + name + "/reject",
            (revoke ? "Revoke " : "Reject ") + name,
            "/clusters/" + name,
            message,
            Page.Confirm.BACK));
  }

  /** Rejects with the reason given; a missing one brings the confirm step back, with why. */
  private void reject(Context ctx) {
    String name = ClusterParam.path(ctx);
    try {
      parts
          .fleet()
          .governance()
          .reject(
              Guard.principal(ctx).actor(),
              new RejectRequest(name, ctx.formParam("reason"), reviewed(ctx)));
    } catch (FleetException e) {
      if (e.kind() != ErrorKind.INVALID_REQUEST) {
        throw e;
      }
      ctx.status(HttpStatus.BAD_REQUEST);
      confirmReject(ctx, e.getMessage());
      return;
    }
    done(ctx, name, "rejected");
  }

  /** Queues a snapshot; a second request moments later is told that one is on its way. */
  private void refresh(Context ctx) {
    String name = ClusterParam.path(ctx);
    String done;
    try {
      parts.refreshes().request(name);
      done = "refresh-queued";
    } catch (Refusal r) {
      if (r.status() != HttpStatus.TOO_MANY_REQUESTS.getCode()) {
        throw r;
      }
      done = "refresh-busy";
    }
    done(ctx, name, done);
  }

  /** The revision a page's decision form carries: a page always decides on what it showed. */
  private static ClusterRevision reviewed(Context ctx) {
    ClusterRevision revision =
        ClusterRevision.parse(ctx.formParam(DecisionBody.REVISION), DecisionBody.REVISION);
    if (revision == null) {
      throw Refusal.badRequest(
          "the form carries no revision of what was reviewed; nothing was decided",
          "reload the page, review the cluster and decide again");
    }
    return revision;
  }

  private static void done(Context ctx, String name, String what) {
    ctx.redirect("/clusters/" + name + "?done=" + what, HttpStatus.SEE_OTHER);
  }

  /**
   * The notice a cluster page shows after {@code done}: fixed words about the cluster the page is
   * of, and only when its state bears them out, so that a link cannot make the page say anything
   * else. {@code null} when there is none to show.
   */
  static String notice(String done, ClusterRow row) {
    if (done == null) {
      return null;
    }
    String name = row.name();
    return switch (done) {
      case "approved" ->
          row.active() ? "Approved " + name + ": it is ACTIVE, with the pins shown below." : null;
      case "rejected" ->
          row.summary().state() == ClusterState.REJECTED
              ? name + " is REJECTED: " + row.summary().rejectReason()
              : null;
      case "reprobed" ->
          row.summary().probedAt() != null && row.summary().changedSinceProbe().isEmpty()
              ? "Probed "
                  + name
                  + " again through its entry as it is now: what is shown below is what it"
                  + " found."
              : null;
      case "refresh-queued" ->
          "A refresh of "
              + name
              + " was asked for: the refresher follows its jobs and reads its nodes within"
              + " seconds; reload to see it.";
      case "refresh-busy" ->
          "A refresh of "
              + name
              + " was asked for moments ago and is on its way: there is no need to ask again"
              + " (one request per "
              + RefreshRequests.EVERY.toSeconds()
              + " s).";
      default -> null;
    };
  }
}
