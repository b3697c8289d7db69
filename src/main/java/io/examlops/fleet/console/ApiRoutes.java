package io.examlops.fleet.console;

import static io.examlops.fleet.console.ConsoleServer.json;

import io.examlops.fleet.capacity.UtilizationRequest;
import io.examlops.fleet.capacity.UtilizationResult;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ClustersResult;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.governance.ReprobeRequest;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.LogsResult;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.LastLines;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
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
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code /api/v1/facility/fleet}: the fleet as JSON, in the shapes of the CLI's {@code --json}.
 * Reads come from the cached fleet view; approve, reject and refresh act as the caller.
 */
final class ApiRoutes {
  static final String BASE = "/api/v1/facility/fleet";

  private final ConsoleParts parts;

  ApiRoutes(ConsoleParts parts) {
    this.parts = parts;
  }

  void register(RoutesConfig routes) {
    routes.get("/healthz", ctx -> ctx.result("ok"), Needs.ANYONE);
    routes.get("/api/v1/openapi.json", ApiRoutes::openApi, Needs.ANYONE);
    routes.get(
        "/metrics",
        ctx ->
            ctx.contentType("text/plain; version=0.0.4; charset=utf-8")
                .result(
                    Metrics.render(parts.views().get(), parts.refresher().status(), parts.clock())),
        Needs.READ);
    // Fixed paths first: they would otherwise be read as a cluster's name.
    routes.get(BASE, this::clusters, Needs.READ);
    routes.get(BASE + "/capacity", ctx -> json(ctx, parts.views().get().capacity()), Needs.READ);
    routes.get(BASE + "/utilization", this::utilization, Needs.READ);
    routes.get(BASE + "/jobs", this::jobs, Needs.READ);
    routes.get(BASE + "/jobs/{job}/output", this::output, Needs.READ);
    routes.get(BASE + "/place", this::place, Needs.READ);
    routes.get(
        BASE + "/audit", ctx -> audit(ctx, ClusterParam.query(ctx, parts.fleet())), Needs.READ);
    routes.get(BASE + "/{name}", ctx -> json(ctx, summary(name(ctx))), Needs.READ);
    routes.get(BASE + "/{name}/nodes", this::nodes, Needs.READ);
    routes.get(BASE + "/{name}/queue", this::queue, Needs.READ);
    routes.get(BASE + "/{name}/preflight", this::preflight, Needs.READ);
    routes.get(BASE + "/{name}/audit", ctx -> audit(ctx, name(ctx)), Needs.READ);
    routes.post(BASE + "/{name}/approve", this::approve, Needs.ADMIN);
    routes.post(BASE + "/{name}/reject", this::reject, Needs.ADMIN);
    routes.post(BASE + "/{name}/reprobe", this::reprobe, Needs.ADMIN);
    routes.post(
        BASE + "/{name}/refresh",
        ctx -> json(ctx, parts.refreshes().request(name(ctx))),
        Needs.ADMIN);
  }

  /** A view and its clusters as JSON: the same for every caller until the view changes. */
  private record ClustersJson(FleetView view, SharedBody json) {}

  private volatile ClustersJson clustersJson;

  /**
   * {@code exa hpc clusters --json}'s shape, written, encoded and compressed once per view: at 200
   * requests/s a request then makes no copy of it of its own.
   */
  private void clusters(Context ctx) {
    FleetView view = parts.views().get();
    ClustersJson last = clustersJson;
    if (last == null || last.view() != view) {
      last =
          new ClustersJson(
              view, SharedBody.of(FleetJson.compact(new ClustersResult(view.clusters()))));
      clustersJson = last;
    }
    last.json().send(ctx, "application/json");
  }

  private static String name(Context ctx) {
    return ClusterParam.path(ctx);
  }

  /** Decisions, reprobes and the audit trail are the governance service's. */
  private GovernanceService governance() {
    return parts.fleet().governance();
  }

  /** One cluster as {@code exa hpc clusters --json} shows it; the core refuses an unknown one. */
  private ClusterSummary summary(String name) {
    return parts.views().get().summary(name, parts.fleet());
  }

  /** {@code exa hpc reprobe --json}'s shape. */
  private void reprobe(Context ctx) {
    json(ctx, governance().reprobe(Guard.principal(ctx).actor(), new ReprobeRequest(name(ctx))));
  }

  /**
   * {@code exa hpc approve --json}'s shape. With the revision reviewed in the body, the approval
   * applies only to a cluster still at it (else 409, saying what changed).
   */
  private void approve(Context ctx) {
    json(
        ctx,
        governance().approve(Guard.principal(ctx).actor(), DecisionBody.approval(ctx, name(ctx))));
  }

  /**
   * {@code exa hpc reject --json}'s shape; the core requires the reason. With the revision reviewed
   * in the body, the rejection applies only to a cluster still at it (else 409).
   */
  private void reject(Context ctx) {
    json(
        ctx,
        governance().reject(Guard.principal(ctx).actor(), DecisionBody.rejection(ctx, name(ctx))));
  }

  /** {@code exa hpc nodes --cluster NAME --json}'s shape, from the latest snapshot. */
  private void nodes(Context ctx) {
    json(
        ctx,
        parts
            .fleet()
            .discovery()
            .nodes(Guard.principal(ctx).actor(), NodesRequest.stored(name(ctx))));
  }

  /** The queue the refresher recorded with the latest snapshot: no scheduler is asked. */
  private void queue(Context ctx) {
    json(
        ctx,
        parts
            .fleet()
            .jobs()
            .queue(Guard.principal(ctx).actor(), new QueueRequest(name(ctx), ReadFrom.STORE)));
  }

  /**
   * {@code exa hpc jobs --no-refresh --json}'s shape: what was last recorded, the jobs the query's
   * filters select, all of them or a page ({@link HistoryQuery#jobs}); an unknown cluster is
   * refused as everywhere else.
   */
  private void jobs(Context ctx) {
    json(
        ctx,
        parts
            .fleet()
            .jobs()
            .list(
                Guard.principal(ctx).actor(),
                HistoryQuery.jobs(ctx, parts.fleet(), ReadFrom.STORE)));
  }

  /** The most lines of output one answer holds. */
  static final int MOST_OUTPUT_LINES = 1000;

  /**
   * The last lines of a job's output from {@code ?offset=} bytes in (default 0; at most {@code
   * ?lines=}, default 200), read now through its cluster's connection, read-only, kept in bounded
   * memory however long the output is: what the job page shows and follows. {@code offset} in the
   * answer is where the next read starts, {@code ended} whether the job has ended (the output is
   * then complete; a job that had not is first asked about on its scheduler, at most every {@link
   * #STATE_EVERY}), {@code cut} whether lines before {@code text} were left out.
   */
  /**
   * How often the output endpoint asks a job's scheduler where the job stands, whoever reads it: a
   * job's page that nobody else follows learns that the job ended within this, not at the
   * refresher's next round, and ten pages open on a job ask no more often than one.
   */
  static final Duration STATE_EVERY = Duration.ofSeconds(10);

  /** When each job's scheduler was last asked for it here (by the reference it was read by). */
  private final Map<String, Instant> stateAsked = new ConcurrentHashMap<>();

  /** Asks the job's scheduler where it stands (the answer is stored) when it is due. */
  private void refreshState(Actor actor, String job) {
    Instant now = parts.clock().instant();
    Instant last = stateAsked.get(job);
    if (last != null && now.isBefore(last.plus(STATE_EVERY))) {
      return;
    }
    if (stateAsked.size() > 10_000) {
      stateAsked.clear();
    }
    stateAsked.put(job, now);
    // Only a job that has not ended is asked; a cluster that cannot be reached leaves it as it
    // was, and its output is read (or refused) as it would have been.
    parts.fleet().jobs().job(actor, new JobRequest(job, ReadFrom.SCHEDULER));
  }

  private void output(Context ctx) {
    String job = CentralRoutes.jobRef(ctx);
    refreshState(Guard.principal(ctx).actor(), job);
    Long offset = HistoryQuery.number(ctx, "offset");
    Long asked = HistoryQuery.number(ctx, "lines");
    if (asked != null && (asked < 1 || asked > MOST_OUTPUT_LINES)) {
      throw Refusal.badRequest(
          "query parameter lines=" + asked + " is not from 1 to " + MOST_OUTPUT_LINES,
          "e.g. ?lines=200");
    }
    LastLines tail = new LastLines(asked == null ? 200 : asked.intValue());
    LogsResult read =
        parts
            .fleet()
            .jobs()
            .logs(
                Guard.principal(ctx).actor(),
                new LogsRequest(job, false, 1, offset == null ? 0 : offset),
                tail);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("job", read.job());
    answer.put("output", read.output());
    answer.put("found", read.found());
    answer.put("offset", read.offset());
    answer.put("ended", read.job().state().terminal());
    answer.put("cut", tail.cut());
    answer.put("text", tail.text());
    json(ctx, answer);
  }

  /** {@code exa hpc place --json}'s shape; reads the snapshots. */
  private void place(Context ctx) {
    json(
        ctx,
        parts
            .fleet()
            .placement()
            .place(
                new PlaceRequest(
                    count(ctx, "gpus"),
                    countOrNull(ctx, "nodes"),
                    ctx.queryParam("gpuType"),
                    ctx.queryParam("partition"),
                    null),
                Guard.principal(ctx).actor().token()));
  }

  /** {@code exa hpc preflight --json}'s shape. It asks the cluster (it is a check, not a page). */
  private void preflight(Context ctx) {
    json(
        ctx,
        parts
            .fleet()
            .placement()
            .preflight(
                Guard.principal(ctx).actor(),
                new PreflightRequest(
                    name(ctx),
                    count(ctx, "gpus"),
                    countOrNull(ctx, "nodes"),
                    ctx.queryParam("partition"),
                    ctx.queryParam("account"),
                    ctx.queryParam("time"))));
  }

  /**
   * {@code exa hpc audit --json}'s shape: the whole trail, or what the query's filters select, a
   * page at a time ({@link HistoryQuery#audit}).
   */
  private void audit(Context ctx, String cluster) {
    json(ctx, governance().audit(HistoryQuery.audit(ctx, cluster)));
  }

  /**
   * GPUs in use over the last hour, day or week: each cluster's samples at their own times, the
   * fleet's totals, and why there is nothing to draw when there is not ({@code noData}).
   */
  private void utilization(Context ctx) {
    String range = ctx.queryParam("range") == null ? "day" : ctx.queryParam("range");
    Duration span =
        switch (range) {
          case "hour" -> Duration.ofHours(1);
          case "day" -> Duration.ofDays(1);
          case "week" -> Duration.ofDays(7);
          default ->
              throw Refusal.badRequest(
                  "query parameter range=" + Printable.quoted(range) + " is not a range",
                  "use hour, day or week");
        };
    UtilizationResult result =
        parts
            .fleet()
            .capacity()
            .utilization(
                new UtilizationRequest(
                    ClusterParam.query(ctx, parts.fleet()), parts.clock().instant().minus(span)));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("range", range);
    json.put("since", result.since());
    json.put("samples", result.samples());
    json.put("fleet", result.fleet());
    json.put("noData", result.noData());
    json(ctx, json);
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
    Long value =
        HistoryQuery.wholeNumber(
            ctx, parameter, 1_000_000, why -> Refusal.badRequest(why, "e.g. ?" + parameter + "=4"));
    return value == null ? null : value.intValue();
  }

  private static void openApi(Context ctx) throws IOException {
    try (InputStream in = ApiRoutes.class.getResourceAsStream("openapi.json")) {
      ctx.contentType("application/json")
          .result(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
