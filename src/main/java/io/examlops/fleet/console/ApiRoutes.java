package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.UtilizationRequest;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ApproveResult;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ClustersResult;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PreflightRequest;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /api/v1/facility/fleet}: the fleet as JSON, in the shapes of the CLI's {@code --json}.
 * Reads come from the cached fleet view; approve, reject and refresh act as the caller.
 */
final class ApiRoutes {
  static final String BASE = "/api/v1/facility/fleet";

  private final ConsoleServer server;
  private final Fleet fleet;

  ApiRoutes(ConsoleServer server, Fleet fleet) {
    this.server = server;
    this.fleet = fleet;
  }

  void register(RoutesConfig routes) {
    routes.get("/healthz", ctx -> ctx.result("ok"));
    routes.get("/api/v1/openapi.json", ApiRoutes::openApi);
    routes.get(
        "/metrics",
        ctx ->
            ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                .result(
                    Metrics.render(server.views.get(), server.refresher.status(), server.clock())));
    // Fixed paths first: they would otherwise be read as a cluster's name.
    routes.get(BASE, this::clusters);
    routes.get(BASE + "/capacity", ctx -> ConsoleServer.json(ctx, view().capacity()));
    routes.get(BASE + "/utilization", this::utilization);
    routes.get(BASE + "/jobs", this::jobs);
    routes.get(BASE + "/place", this::place);
    routes.get(BASE + "/audit", ctx -> audit(ctx, ctx.queryParam("cluster")));
    routes.get(BASE + "/{name}", ctx -> ConsoleServer.json(ctx, summary(name(ctx))));
    routes.get(BASE + "/{name}/nodes", this::nodes);
    routes.get(BASE + "/{name}/queue", ctx -> ConsoleServer.json(ctx, queue(ctx, name(ctx))));
    routes.get(BASE + "/{name}/preflight", this::preflight);
    routes.get(BASE + "/{name}/audit", ctx -> audit(ctx, name(ctx)));
    routes.post(BASE + "/{name}/approve", ctx -> ConsoleServer.json(ctx, approve(ctx, name(ctx))));
    routes.post(
        BASE + "/{name}/reject",
        ctx -> ConsoleServer.json(ctx, reject(ctx, name(ctx), reasonFromBody(ctx))));
    routes.post(BASE + "/{name}/refresh", ctx -> ConsoleServer.json(ctx, refresh(ctx, name(ctx))));
  }

  private FleetView view() {
    return server.views.get();
  }

  /** A view and its clusters as JSON: the same for every caller until the view changes. */
  private record ClustersJson(FleetView view, String json) {}

  private volatile ClustersJson clustersJson;

  /** {@code exa hpc clusters --json}'s shape, written once per view. */
  private void clusters(Context ctx) {
    FleetView view = view();
    ClustersJson last = clustersJson;
    if (last == null || last.view() != view) {
      last = new ClustersJson(view, FleetJson.compact(new ClustersResult(view.clusters())));
      clustersJson = last;
    }
    ctx.contentType("application/json").result(last.json());
  }

  private static String name(Context ctx) {
    String name = ctx.pathParam("name");
    if (!io.examlops.fleet.model.ClusterName.isValid(name)) {
      throw Refusal.badRequest(
          "path segment "
              + io.examlops.fleet.model.Printable.quoted(name)
              + " is not a cluster name: a cluster name is "
              + io.examlops.fleet.model.ClusterName.RULE,
          "list the clusters: GET " + BASE);
    }
    return name;
  }

  ClusterSummary summary(String name) {
    return view().clusters().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> notFound(name));
  }

  private Refusal notFound(String name) {
    return new Refusal(
        404,
        "UNKNOWN_CLUSTER",
        "no cluster is registered as '" + name + "'",
        "list the clusters: GET " + BASE);
  }

  /** {@code exa hpc approve --json}'s shape. */
  ApproveResult approve(Context ctx, String name) {
    Principal p = ConsoleServer.require(ctx, TokenScope.ADMIN);
    summary(name);
    ApproveResult result = fleet.governance().approve(p.actor(), new ApproveRequest(name));
    server.views.invalidate();
    return result;
  }

  /** {@code exa hpc reject --json}'s shape; the core requires the reason. */
  RejectResult reject(Context ctx, String name, String reason) {
    Principal p = ConsoleServer.require(ctx, TokenScope.ADMIN);
    summary(name);
    RejectResult result = fleet.governance().reject(p.actor(), new RejectRequest(name, reason));
    server.views.invalidate();
    return result;
  }

  /** Queues a snapshot of one cluster now; at most one such request per cluster in 30 s. */
  Map<String, Object> refresh(Context ctx, String name) {
    ConsoleServer.require(ctx, TokenScope.ADMIN);
    ClusterSummary cluster = summary(name);
    if (!cluster.schedulable()) {
      throw new Refusal(
          409,
          "NOT_APPROVED",
          "cluster '"
              + name
              + "' is not schedulable, so it is not refreshed: "
              + cluster.notSchedulableBecause(),
          "an admin approves it first");
    }
    Duration wait = server.refreshRequests.wait(name);
    if (!wait.isZero()) {
      throw new Refusal(
          429,
          "RATE_LIMITED",
          "cluster '" + name + "' was refreshed on request moments ago",
          "try again in " + Math.max(1, wait.toSeconds()) + " s");
    }
    server.refreshRequests.record(name);
    server.refresher.refreshSoon(name);
    return Map.of("cluster", name, "refreshQueued", true);
  }

  private static String reasonFromBody(Context ctx) {
    String type = ctx.contentType() == null ? "" : ctx.contentType();
    if (type.startsWith("application/x-www-form-urlencoded")) {
      return ctx.formParam("reason");
    }
    JsonNode body = jsonBody(ctx);
    JsonNode reason = body.get("reason");
    if (reason != null && !reason.isTextual()) {
      throw Refusal.badRequest("body field 'reason' must be a string", "{\"reason\": \"why\"}");
    }
    return reason == null ? null : reason.asText();
  }

  private static JsonNode jsonBody(Context ctx) {
    String body = ctx.body();
    if (body.isBlank()) {
      throw Refusal.badRequest(
          "the request has no body; send a JSON object", "{\"reason\": \"why\"}");
    }
    try {
      JsonNode node = FleetJson.mapper().readTree(body);
      if (node == null || !node.isObject()) {
        throw Refusal.badRequest("the body is not a JSON object", "{\"reason\": \"why\"}");
      }
      return node;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw Refusal.badRequest(
          "the body is not valid JSON: "
              + e.getOriginalMessage()
              + " at line "
              + e.getLocation().getLineNr()
              + ", column "
              + e.getLocation().getColumnNr(),
          "send a JSON object, e.g. {\"reason\": \"why\"}");
    }
  }

  /** {@code exa hpc nodes --cluster NAME --json}'s shape, from the latest snapshot. */
  private void nodes(Context ctx) {
    String name = name(ctx);
    summary(name);
    ConsoleServer.json(
        ctx,
        fleet.discovery().nodes(ConsoleServer.principal(ctx).actor(), NodesRequest.stored(name)));
  }

  /** The queue the refresher recorded with the latest snapshot: no scheduler is asked. */
  QueueResult queue(Context ctx, String name) {
    summary(name);
    return fleet
        .jobs()
        .queue(ConsoleServer.principal(ctx).actor(), new QueueRequest(name, ReadFrom.STORE));
  }

  /** {@code exa hpc jobs --no-refresh --json}'s shape: what was last recorded. */
  private void jobs(Context ctx) {
    Principal p = ConsoleServer.principal(ctx);
    ConsoleServer.json(
        ctx,
        fleet
            .jobs()
            .list(
                p.actor(),
                new JobsRequest(
                    ctx.queryParam("cluster"),
                    ctx.queryParam("model"),
                    ctx.queryParam("state"),
                    ReadFrom.STORE)));
  }

  /** {@code exa hpc place --json}'s shape; reads the snapshots. */
  private void place(Context ctx) {
    ConsoleServer.json(
        ctx,
        fleet
            .placement()
            .place(
                new PlaceRequest(
                    count(ctx, "gpus"),
                    countOrNull(ctx, "nodes"),
                    ctx.queryParam("gpuType"),
                    ctx.queryParam("partition"),
                    null)));
  }

  /** {@code exa hpc preflight --json}'s shape. It asks the cluster (it is a check, not a page). */
  private void preflight(Context ctx) {
    String name = name(ctx);
    summary(name);
    Principal p = ConsoleServer.require(ctx, TokenScope.READ);
    ConsoleServer.json(
        ctx,
        fleet
            .placement()
            .preflight(
                p.actor(),
                new PreflightRequest(
                    name,
                    count(ctx, "gpus"),
                    countOrNull(ctx, "nodes"),
                    ctx.queryParam("partition"),
                    ctx.queryParam("account"),
                    ctx.queryParam("time"))));
  }

  /** {@code exa hpc audit --json}'s shape. */
  private void audit(Context ctx, String cluster) {
    if (cluster != null) {
      summary(cluster);
    }
    ConsoleServer.json(ctx, fleet.governance().audit(new AuditRequest(cluster)));
  }

  /** GPUs in use over the last hour, day or week, per cluster, from the refresher's samples. */
  private void utilization(Context ctx) {
    String range = ctx.queryParam("range") == null ? "day" : ctx.queryParam("range");
    Duration span =
        switch (range) {
          case "hour" -> Duration.ofHours(1);
          case "day" -> Duration.ofDays(1);
          case "week" -> Duration.ofDays(7);
          default ->
              throw Refusal.badRequest(
                  "query parameter range=" + range + " is not a range", "use hour, day or week");
        };
    Instant since = server.clock().instant().minus(span);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("range", range);
    json.put("since", since);
    json.put(
        "samples",
        fleet.capacity().utilization(new UtilizationRequest(ctx.queryParam("cluster"), since)));
    ConsoleServer.json(ctx, json);
  }

  private static int count(Context ctx, String parameter) {
    Integer value = countOrNull(ctx, parameter);
    if (value == null) {
      throw Refusal.badRequest(
          "query parameter " + parameter + " is required", "e.g. ?" + parameter + "=4");
    }
    return value;
  }

  private static Integer countOrNull(Context ctx, String parameter) {
    String text = ctx.queryParam(parameter);
    if (text == null) {
      return null;
    }
    try {
      int value = Integer.parseInt(text.strip());
      if (value < 0 || value > 1_000_000) {
        throw new NumberFormatException();
      }
      return value;
    } catch (NumberFormatException e) {
      throw Refusal.badRequest(
          "query parameter "
              + parameter
              + "="
              + io.examlops.fleet.model.Printable.quoted(text)
              + " is not a whole number from 0 to 1000000",
          "e.g. ?" + parameter + "=4");
    }
  }

  private static void openApi(Context ctx) throws IOException {
    try (InputStream in = ApiRoutes.class.getResourceAsStream("openapi.json")) {
      ctx.contentType("application/json")
          .result(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
