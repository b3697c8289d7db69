package io.examlops.fleet.console;

import static io.examlops.fleet.console.ConsoleServer.json;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.jobs.JobRecorder;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.Role;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /api/v1/facility/central}: what {@code exa} on a build agent reads and records in central
 * mode. Agents read the clusters with their approval records and pins, and the latest snapshots
 * ({@code read} scope), and record their submissions and what they observe of them ({@code submit}
 * scope), audited as the token's user through the surface the agent names (e.g. {@code
 * jenkins:train#42}). The rules (a job only for an ACTIVE cluster, a record changed only by who
 * submitted it or an admin, states only forward, values checked) are the core's.
 */
final class CentralRoutes {
  static final String BASE = "/api/v1/facility/central";

  /** The surface an agent's request came through; {@code cli} when it names none. */
  static final String SURFACE_HEADER = "X-Examlops-Surface";

  private final Fleet fleet;

  CentralRoutes(Fleet fleet) {
    this.fleet = fleet;
  }

  void register(RoutesConfig routes) {
    routes.get(BASE + "/clusters", this::clusters, Needs.READ);
    routes.get(BASE + "/clusters/{name}/snapshot", this::snapshot, Needs.READ);
    routes.get(BASE + "/jobs", this::jobs, Needs.READ);
    routes.post(BASE + "/jobs", this::begin, Needs.SUBMIT);
    routes.get(BASE + "/jobs/{id}", this::job, Needs.READ);
    routes.put(BASE + "/jobs/{id}", this::observed, Needs.SUBMIT);
    routes.delete(BASE + "/jobs/{id}", this::discard, Needs.SUBMIT);
    routes.post(BASE + "/jobs/{id}/submitted", this::submitted, Needs.SUBMIT);
    routes.post(BASE + "/jobs/{id}/not-submitted", this::notSubmitted, Needs.SUBMIT);
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

  /** As last recorded; {@code ?tag=} gives the newest submission with that tag. */
  private void jobs(Context ctx) {
    String tag = ctx.queryParam("tag");
    List<TrackedJob> jobs =
        tag != null
            ? fleet.jobRecords().tagged(tag).map(List::of).orElse(List.of())
            : ApiRoutes.recordedJobs(fleet, ctx).jobs();
    json(ctx, Map.of("jobs", jobs));
  }

  private void job(Context ctx) {
    json(ctx, nullable("job", fleet.jobRecords().find(id(ctx)).orElse(null)));
  }

  /** Records a submission before the agent sends it to the scheduler. */
  private void begin(Context ctx) {
    JsonBody body = JsonBody.of(ctx, EXAMPLE);
    TrackedJob job = fleet.jobRecords().recordSubmission(agent(ctx), job(body), body.text("tag"));
    ctx.status(201);
    json(ctx, Map.of("job", job));
  }

  /** Completes a recorded submission with the scheduler's id, once the scheduler accepted it. */
  private void submitted(Context ctx) {
    long id = id(ctx);
    String schedulerJobId =
        JsonBody.of(ctx, "{\"schedulerJobId\": \"4242\"}")
            .requiredText("schedulerJobId", "the scheduler's job id");
    json(ctx, Map.of("job", fleet.jobRecords().recordSubmitted(agent(ctx), id, schedulerJobId)));
  }

  /** Records that a submission never reached its scheduler: its agent looked and found nothing. */
  private void notSubmitted(Context ctx) {
    long id = id(ctx);
    String reason =
        JsonBody.of(ctx, "{\"reason\": \"not found on the cluster\"}")
            .requiredText("reason", "why the scheduler never got it");
    json(ctx, Map.of("job", fleet.jobRecords().recordNotSubmitted(agent(ctx), id, reason)));
  }

  private void observed(Context ctx) {
    TrackedJob job = job(JsonBody.of(ctx, EXAMPLE));
    if (job.id() != id(ctx)) {
      throw Refusal.badRequest(
          "the body's job " + job.id() + " is not job " + id(ctx) + " of the path",
          "send the job as GET " + BASE + "/jobs/" + id(ctx) + " gave it, with what was observed");
    }
    json(ctx, Map.of("job", fleet.jobRecords().recordObserved(agent(ctx), job)));
  }

  private void discard(Context ctx) {
    fleet.jobRecords().discardSubmission(agent(ctx), id(ctx));
    ctx.status(204);
  }

  private static final String EXAMPLE = "{\"job\": {...}, \"tag\": null}";

  /**
   * The token's user acting through the agent's surface, with an admin's standing when the request
   * has the admin scope and its user the admin role.
   */
  private static JobRecorder agent(Context ctx) {
    String surface = ctx.header(SURFACE_HEADER);
    Principal principal = Guard.principal(ctx);
    return new JobRecorder(
        new Actor(
            principal.user(), surface == null || surface.isBlank() ? Actor.CLI : surface.strip()),
        principal.admin() && principal.role() == Role.ADMIN);
  }

  private static long id(Context ctx) {
    String text = ctx.pathParam("id");
    if (!text.matches("[0-9]{1,18}")) {
      throw Refusal.badRequest(
          "path segment " + Printable.quoted(text) + " is not a job id (a whole number)",
          "list the jobs: GET " + BASE + "/jobs");
    }
    return Long.parseLong(text);
  }

  private static TrackedJob job(JsonBody body) {
    return body.value(
        "job",
        TrackedJob.class,
        "a tracked job",
        "send the job in the shape of exa hpc jobs --json");
  }

  /** {@code {"name": value}}, where the value may be null (Map.of takes none). */
  private static Map<String, Object> nullable(String name, Object value) {
    Map<String, Object> json = new HashMap<>();
    json.put(name, value);
    return json;
  }
}
