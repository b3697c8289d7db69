package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.ClusterName;
import io.javalin.http.Context;

/**
 * A cluster named in a request, read the same way by every page and endpoint: a name against the
 * rule is refused in {@link ClusterName}'s words (400), and a name no cluster has in the core's
 * (UNKNOWN_CLUSTER, 404), whether it came in the path or in {@code ?cluster=}.
 */
final class ClusterParam {
  private ClusterParam() {}

  /** The {@code {name}} of the path, following the name rule. */
  static String path(Context ctx) {
    return ClusterName.require(ctx.pathParam("name"), "name");
  }

  /**
   * The {@code ?cluster=} filter: {@code null} when absent, else a registered cluster's name. A
   * filter on a cluster that does not exist is a mistake, not an empty list.
   */
  static String query(Context ctx, Fleet fleet) {
    String name = ctx.queryParam("cluster");
    if (name == null) {
      return null;
    }
    ClusterName.require(name, "cluster");
    return fleet.governance().cluster(name).name();
  }
}
