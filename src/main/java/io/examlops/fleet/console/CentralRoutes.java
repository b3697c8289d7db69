package io.examlops.fleet.console;

import static io.examlops.fleet.console.ConsoleServer.json;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.PipelineRunRequest;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.Standing;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PreflightRequest;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /api/v1/facility/central}: the fleet's gateway, what {@code exa} on a build agent asks in
 * central mode. The console alone holds the clusters' credentials and known hosts: agents read the
 * clusters and their snapshots, and ask the console to place, preflight, submit, follow, read
 * output, cancel and list ({@code read} scope to read, {@code submit} scope to change), audited as
 * the token's user through the surface the agent names (e.g. {@code jenkins:train#42}). A follow is
 * a long poll of at most {@link #LONGEST_POLL_SECONDS}: the agent asks again, and each ask renews
 * the job's lease.
 */
final class CentralRoutes {
  static final String BASE = "/api/v1/facility/central";

  /** The surface an agent's request came through; {@code cli} when it names none. */
  static final String SURFACE_HEADER = "X-Examlops-Surface";

  /**
   * The longest a follow is held before it answers with the job as it stands: shorter than the
   * agent's HTTP timeout and than a lease's renewal interval.
   */
  static final int LONGEST_POLL_SECONDS = 25;

  private final Fleet fleet;

  CentralRoutes(Fleet fleet) {
    this.fleet = fleet;
  }

  void register(RoutesConfig routes) {
    routes.get(BASE + "/clusters", this::clusters, Needs.READ);
    routes.get(BASE + "/clusters/{name}/snapshot", this::snapshot, Needs.READ);
    routes.get(BASE + "/clusters/{name}/queue", this::queue, Needs.READ);
    routes.post(BASE + "/place", this::place, Needs.READ);
    routes.post(BASE + "/preflight", this::preflight, Needs.READ);
    routes.post(BASE + "/submit", this::submit, Needs.SUBMIT);
    routes.post(BASE + "/pipeline-run", this::pipelineRun, Needs.SUBMIT);
    routes.get(BASE + "/jobs", this::jobs, Needs.READ);
    routes.get(BASE + "/jobs/{job}", this::job, Needs.READ);
    routes.get(BASE + "/jobs/{job}/follow", this::follow, Needs.READ);
    routes.get(BASE + "/jobs/{job}/logs", this::logs, Needs.READ);
    routes.post(BASE + "/jobs/{job}/cancel", this::cancel, Needs.SUBMIT);
    routes.post(BASE + "/jobs/{job}/detach", this::detach, Needs.SUBMIT);
  }

  private void clusters(Context ctx) {
    json(ctx, Map.of("clusters", fleet.governance().registered()));
  }

  private void snapshot(Context ctx) {
    json(
        ctx,
        fleet
            .discovery()
            .nodes(Guard.principal(ctx).actor(), NodesRequest.stored(ctx.pathParam("name"))));
  }

  /** As the console last recorded it: the refresher keeps it, no agent makes it ask. */
  private void queue(Context ctx) {
    json(
        ctx,
        fleet
            .jobs()
            .queue(
                Guard.principal(ctx).actor(),
                new QueueRequest(ctx.pathParam("name"), ReadFrom.STORE)));
  }

  private void place(Context ctx) {
    json(
        ctx,
        fleet
            .placement()
            .place(
                JsonBody.of(ctx, PLACE)
                    .value("place", PlaceRequest.class, "a placement", "send " + PLACE),
                agent(ctx).actor().token()));
  }

  private void preflight(Context ctx) {
    PreflightRequest request =
        JsonBody.of(ctx, PREFLIGHT)
            .value("preflight", PreflightRequest.class, "a preflight", "send " + PREFLIGHT);
    json(ctx, fleet.placement().preflight(agent(ctx).actor(), request));
  }

  /**
   * A script the agent sent as text: the console never reads a file an agent names. The job keeps
   * the lease the agent asked for ({@code leased}), which its follows renew.
   */
  private void submit(Context ctx) {
    JsonBody body = JsonBody.of(ctx, SUBMIT);
    SubmitRequest request =
        new SubmitRequest(
            ScriptSource.text(
                body.text("fileName"), body.requiredText("script", "the job script's text")),
            body.text("name"),
            options(body));
    ctx.status(201);
    json(ctx, fleet.jobs().submit(agent(ctx).actor(), request));
  }

  private void pipelineRun(Context ctx) {
    JsonBody body = JsonBody.of(ctx, PIPELINE);
    String script = body.text("script");
    PipelineRunRequest request =
        new PipelineRunRequest(
            body.requiredText("model", "the model"),
            body.requiredText("dataset", "the dataset"),
            script == null ? null : ScriptSource.text(body.text("fileName"), script),
            options(body));
    ctx.status(201);
    json(ctx, fleet.jobs().runPipeline(agent(ctx).actor(), request));
  }

  private static JobOptions options(JsonBody body) {
    return body.value(
        "job",
        JobOptions.class,
        "where the job goes and what it asks for",
        "send the job's options: cluster (a name or auto), gpus, nodes, partition, time,"
            + " account, environment, tag, output, leased");
  }

  /**
   * As recorded, or with {@code ?from=scheduler} after asking the schedulers about the unfinished
   * ones (one query per cluster), as {@code exa hpc jobs} does; waiting is what the follow is for.
   */
  private void jobs(Context ctx) {
    json(ctx, fleet.jobs().list(agent(ctx).actor(), HistoryQuery.jobs(ctx, fleet, from(ctx))));
  }

  private void job(Context ctx) {
    json(ctx, fleet.jobs().job(agent(ctx).actor(), new JobRequest(jobRef(ctx), from(ctx))));
  }

  private static ReadFrom from(Context ctx) {
    String from = ctx.queryParam("from");
    if (from == null || from.equals("store")) {
      return ReadFrom.STORE;
    }
    if (from.equals("scheduler")) {
      return ReadFrom.SCHEDULER;
    }
    throw Refusal.badRequest(
        "query parameter from=" + Printable.quoted(from) + " is neither store nor scheduler",
        "send ?from=store (as recorded, the default) or ?from=scheduler (asked first)");
  }

  /** Answers when the job ends, or after {@code ?timeout=} seconds (at most the longest poll). */
  private void follow(Context ctx) throws InterruptedException {
    json(
        ctx,
        fleet.jobs().follow(agent(ctx).actor(), new FollowRequest(jobRef(ctx), pollSeconds(ctx))));
  }

  /**
   * The job's output from {@code ?offset=} bytes in; with {@code ?follow=true}, what is written
   * until the job ends or the poll's time passes (complete lines while it runs). The answer's
   * {@code offset} is where the next read starts.
   */
  private void logs(Context ctx) {
    boolean follow = "true".equals(ctx.queryParam("follow"));
    StringBuilder text = new StringBuilder();
    var read =
        fleet
            .jobs()
            .logs(
                agent(ctx).actor(),
                new LogsRequest(jobRef(ctx), follow, pollSeconds(ctx), offset(ctx)),
                text::append);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("text", text.toString());
    answer.put("result", read);
    json(ctx, answer);
  }

  /** Only its submitter, or an admin, cancels a job through the gateway. */
  private void cancel(Context ctx) {
    Standing who = agent(ctx);
    json(ctx, fleet.jobs().cancel(who.actor(), new CancelRequest(jobRef(ctx), who)));
  }

  private void detach(Context ctx) {
    Standing who = agent(ctx);
    json(ctx, fleet.jobs().detach(who.actor(), new DetachRequest(jobRef(ctx), who)));
  }

  private static final String PLACE = "{\"place\": {\"gpus\": 4}}";
  private static final String PREFLIGHT = "{\"preflight\": {\"cluster\": \"lxp\", \"gpus\": 4}}";
  private static final String SUBMIT =
      "{\"fileName\": \"train.sh\", \"script\": \"#!/bin/bash\\n...\", \"job\": {\"cluster\":"
          + " \"auto\", \"gpus\": 4, \"nodes\": 1, \"leased\": true}}";
  private static final String PIPELINE =
      "{\"model\": \"JPCP\", \"dataset\": \"PM100Dataset\", \"job\": {\"cluster\": \"auto\","
          + " \"gpus\": 4, \"nodes\": 1, \"leased\": true}}";

  /**
   * The token's user acting through the agent's surface, with an admin's standing when the request
   * has the admin scope and its user the admin role.
   */
  private static Standing agent(Context ctx) {
    String surface = ctx.header(SURFACE_HEADER);
    String via = surface == null || surface.isBlank() ? Actor.CLI : surface.strip();
    if (via.equals(Actor.CONSOLE) || via.startsWith(Actor.CONSOLE + ":")) {
      // the audit's "via console" means a person signed in here: an agent's word cannot make it so
      throw Refusal.badRequest(
          SURFACE_HEADER + " " + Printable.quoted(via) + " names the console's own surface",
          "an agent names the surface it is (jenkins:train#42, cli, mcp:NAME), or none");
    }
    Principal principal = Guard.principal(ctx);
    Actor actor = new Actor(principal.user(), via);
    return new Standing(
        principal.token() == null ? actor : actor.withToken(principal.token().acting()),
        principal.adminStanding());
  }

  /** The path's job: a fleet id ({@code #12}) or a scheduler's ({@code slurm:4242}, bare). */
  static String jobRef(Context ctx) {
    String text = ctx.pathParam("job");
    if (text.isBlank() || text.length() > 100 || !OneLine.isPlain(text)) {
      throw Refusal.badRequest(
          "path segment " + Printable.quoted(text) + " is not a job id",
          "name a job as exa hpc jobs shows it: #12 (URL-encoded %2312), slurm:4242 or 4242");
    }
    return text;
  }

  private static int pollSeconds(Context ctx) {
    long asked = whole(ctx, "timeout", LONGEST_POLL_SECONDS);
    return (int) Math.max(1, Math.min(asked, LONGEST_POLL_SECONDS));
  }

  private static long offset(Context ctx) {
    return whole(ctx, "offset", 0);
  }

  private static long whole(Context ctx, String parameter, long unset) {
    String text = ctx.queryParam(parameter);
    if (text == null) {
      return unset;
    }
    try {
      return AsciiNumber.parseLong(text);
    } catch (NumberFormatException e) {
      throw Refusal.badRequest(
          "query parameter " + parameter + "=" + Printable.quoted(text) + " is not a whole number",
          "send ?" + parameter + "= with 0 or more");
    }
  }
}
