package io.examlops.fleet.console;

import static io.examlops.fleet.console.ConsoleServer.json;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.RefusedAttempt;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;

/**
 * Decisions an admin made in Jenkins (the governance job's {@code input}), recorded for them: the
 * controller's token must hold the on-behalf scope (which no session has, and only an admin's token
 * may), the named user must be one of the console's admins now (a local admin, or a directory user
 * the directory, asked now, puts in an admin group), and the decision carries the revision that was
 * shown, so a cluster that changed while the build waited is refused (409). The audit trail names
 * the admin, the build ({@code alice via jenkins:fleet-governance#12}) and the token that vouched.
 */
final class OnBehalfRoutes {
  private static final String BASE = CentralRoutes.BASE;
  private static final String EXAMPLE =
      "{\"user\": \"alice\", \"revision\": \"pending-1a2b3c4d-5e6f7a8b-9c0d1e2f\","
          + " \"reason\": \"for a rejection\"}";

  private final Fleet fleet;
  private final AccessService access;

  /**
   * @param access the console's users: the fleet's, with its directory when it has one
   */
  OnBehalfRoutes(Fleet fleet, AccessService access) {
    this.fleet = fleet;
    this.access = access;
  }

  void register(RoutesConfig routes) {
    routes.get(
        BASE + "/reviews",
        ctx -> json(ctx, Map.of("reviews", fleet.governance().reviews().reviews())),
        Needs.READ);
    routes.post(BASE + "/clusters/{name}/approve-for", this::approve, Needs.ON_BEHALF);
    routes.post(BASE + "/clusters/{name}/reject-for", this::reject, Needs.ON_BEHALF);
  }

  private void approve(Context ctx) {
    String name = ClusterParam.path(ctx);
    JsonBody body = JsonBody.of(ctx, EXAMPLE);
    fleet.governance().approve(decider(ctx, body), new ApproveRequest(name, shown(body)));
    decided(ctx, name);
  }

  private void reject(Context ctx) {
    String name = ClusterParam.path(ctx);
    JsonBody body = JsonBody.of(ctx, EXAMPLE);
    fleet
        .governance()
        .reject(decider(ctx, body), new RejectRequest(name, body.text("reason"), shown(body)));
    decided(ctx, name);
  }

  /** The admin the body names, through the surface the caller names, vouched for by its token. */
  private Actor decider(Context ctx, JsonBody body) {
    String user =
        body.requiredText("user", "the console admin who decided (who clicked in Jenkins)");
    try {
      return access.onBehalf(
          Guard.principal(ctx).token(), user, ctx.header(CentralRoutes.SURFACE_HEADER));
    } catch (FleetException e) {
      if (e.kind() == ErrorKind.NOT_PERMITTED) {
        // A decision for someone who is no admin (now): removed, demoted, or never one.
        fleet
            .governance()
            .refused(
                Guard.attempt(
                    ctx,
                    user,
                    Guard.principal(ctx).token().acting().words(),
                    RefusedAttempt.Why.NOT_AN_ADMIN,
                    e.getMessage()));
      }
      throw e;
    }
  }

  /** The revision shown to the admin: required, a decision for someone rests on what they saw. */
  private static ClusterRevision shown(JsonBody body) {
    return ClusterRevision.parse(
        body.requiredText(
            DecisionBody.REVISION, "the revision of the cluster that was shown to the admin"),
        DecisionBody.REVISION);
  }

  /** The cluster as decided, in the shape agents read clusters in. */
  private void decided(Context ctx, String name) {
    json(
        ctx,
        Map.of(
            "cluster",
            fleet.governance().registered().stream()
                .filter(c -> c.name().equals(name))
                .findFirst()
                .orElseThrow()));
  }
}
