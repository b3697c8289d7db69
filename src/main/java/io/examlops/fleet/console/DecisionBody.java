package io.examlops.fleet.console;

import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.ClusterRevision;
import io.javalin.http.Context;

/**
 * What an approval or a rejection carries, from a page's form or an API's JSON body: the revision
 * of the cluster the admin reviewed ({@link ClusterRevision}, optional in the API) and, for a
 * rejection, the reason. The core decides whether they are acceptable.
 */
record DecisionBody(String reason, ClusterRevision revision) {
  /** The field (form or JSON) that carries the revision reviewed. */
  static final String REVISION = "revision";

  static final String APPROVE_EXAMPLE = "{\"revision\": \"pending-1a2b3c4d-5e6f7a8b-9c0d1e2f\"}";
  static final String REJECT_EXAMPLE =
      "{\"reason\": \"why\", \"revision\": \"pending-1a2b3c4d-5e6f7a8b-9c0d1e2f\"}";

  /**
   * The approval of cluster {@code name} it asks for: its body may be empty (no revision expected).
   */
  static ApproveRequest approval(Context ctx, String name) {
    if (!isForm(ctx) && ctx.body().isBlank()) {
      return new ApproveRequest(name, null);
    }
    return new ApproveRequest(name, of(ctx, APPROVE_EXAMPLE).revision());
  }

  /** The rejection of cluster {@code name} it asks for: its body carries the reason at least. */
  static RejectRequest rejection(Context ctx, String name) {
    DecisionBody body = of(ctx, REJECT_EXAMPLE);
    return new RejectRequest(name, body.reason(), body.revision());
  }

  private static DecisionBody of(Context ctx, String example) {
    if (isForm(ctx)) {
      return new DecisionBody(
          ctx.formParam("reason"), ClusterRevision.parse(ctx.formParam(REVISION), REVISION));
    }
    JsonBody body = JsonBody.of(ctx, example);
    return new DecisionBody(
        body.text("reason"), ClusterRevision.parse(body.text(REVISION), REVISION));
  }

  private static boolean isForm(Context ctx) {
    String type = ctx.contentType();
    return type != null && type.startsWith("application/x-www-form-urlencoded");
  }
}
