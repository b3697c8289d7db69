package io.examlops.fleet.console;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.AuditResult;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.CancelResult;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.jobs.Standing;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.ConsoleUser;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The fleet's history, for everyone who reads: the Jobs page (every tracked job, filtered by
 * cluster, user, token and state, a page at a time), a job's page (its facts, reason and output,
 * and cancel for those who may), the Activity page (the audit trail, filtered by cluster, actor and
 * action), and both lists as CSV. The filters are in the URL; a value the core refuses brings the
 * page back with the core's words beside its filter. Pages are cut by the stores ({@code LIMIT} on
 * an index): a year of history is never read to show fifty rows of it.
 */
final class HistoryPages {
  /** Rows a page of the Jobs or Activity page lists. */
  static final int ROWS = 50;

  /** Rows a CSV download reads from the store at a time, each time after the last row read. */
  static final int CSV_CHUNK = 1000;

  /** The actions the audit trail records today, offered as suggestions (any other is taken). */
  static final List<String> ACTIONS =
      List.of(
          "register",
          "probe",
          "observe",
          "approve",
          "reject",
          "snapshot",
          "submit",
          "not-submitted",
          "cancel",
          "sign-in",
          "refused",
          "user-add",
          "user-role",
          "user-passwd",
          "user-remove",
          "token-create",
          "token-revoke");

  private final ConsoleParts parts;

  HistoryPages(ConsoleParts parts) {
    this.parts = parts;
  }

  void register(RoutesConfig routes) {
    routes.get("/jobs", this::jobs, Needs.READ);
    routes.get("/jobs.csv", this::jobsCsv, Needs.READ);
    routes.get("/jobs/{id}", this::job, Needs.READ);
    routes.get("/jobs/{id}/cancel", this::confirmCancel, Needs.READ, Needs.SUBMIT);
    routes.post("/jobs/{id}/cancel", this::cancel, Needs.SUBMIT);
    routes.get("/activity", this::activity, Needs.READ);
    routes.get("/activity.csv", this::activityCsv, Needs.READ);
  }

  // ---------------------------------------------------------------- the filters of the URL

  /**
   * What a page's URL asks for: each filter's value as given, why the core refuses any of them, and
   * the page number. A blank filter is no filter (the form sends every field).
   */
  private static final class Asked {
    private final Context ctx;
    final Map<String, String> values = new LinkedHashMap<>();
    final Map<String, String> problems = new LinkedHashMap<>();
    int status = 0;
    long page = 1;
    String pageProblem;

    Asked(Context ctx) {
      this.ctx = ctx;
      String text = ctx.queryParam("page");
      if (text != null && !text.isBlank()) {
        try {
          page = AsciiNumber.parseLong(text.strip());
        } catch (NumberFormatException e) {
          page = 0;
        }
        if (page < 1 || page > 10_000_000) {
          pageProblem =
              "page=" + Printable.quoted(text) + " is not a page: pages are numbered from 1";
          status = 400;
          page = 1;
        }
      }
    }

    /** The filter's value; {@code null} when it is absent or blank. */
    String value(String name) {
      String text = ctx.queryParam(name);
      String value = text == null ? "" : text.strip();
      values.put(name, value);
      return value.isEmpty() ? null : value;
    }

    /** Runs the core's check of one filter; its refusal becomes that filter's message. */
    <T> T check(String name, Supplier<T> check) {
      try {
        return check.get();
      } catch (FleetException e) {
        refuse(name, e);
        return null;
      }
    }

    void refuse(String name, FleetException e) {
      problems.putIfAbsent(name, e.getMessage());
      if (status == 0 || status == 400 && ApiErrors.status(e) != 400) {
        status = ApiErrors.status(e);
      }
    }

    boolean refused() {
      return !problems.isEmpty();
    }

    /** The filters' name and value pairs, as the page links and the CSV link keep them. */
    String[] query() {
      List<String> pairs = new ArrayList<>();
      values.forEach(
          (name, value) -> {
            pairs.add(name);
            pairs.add(value);
          });
      return pairs.toArray(String[]::new);
    }

    Page.Filter select(String name, String label, List<String> options) {
      return new Page.Filter(
          name, label, values.get(name), options, List.of(), null, problems.get(name));
    }

    Page.Filter text(String name, String label, String placeholder, List<String> suggestions) {
      return new Page.Filter(
          name, label, values.get(name), null, suggestions, placeholder, problems.get(name));
    }

    /** The page's status: the first refusal's (404 for a cluster no one has), else 200. */
    void status(Context ctx) {
      if (status != 0) {
        ctx.status(status);
      }
    }
  }

  /** A cluster filter: a registered cluster's name, or its refusal. */
  private String cluster(Asked asked) {
    String name = asked.value("cluster");
    return name == null
        ? null
        : asked.check(
            "cluster",
            () -> parts.fleet().governance().cluster(ClusterName.require(name, "cluster")).name());
  }

  private List<String> clusterNames() {
    return parts.views().get().rows().stream().map(ClusterRow::name).sorted().toList();
  }

  private List<String> userNames() {
    return parts.fleet().access().users().stream().map(ConsoleUser::name).sorted().toList();
  }

  // ---------------------------------------------------------------- Jobs

  private Filtered<JobsRequest> jobsAsked(Context ctx, int limit) {
    Asked asked = new Asked(ctx);
    String cluster = cluster(asked);
    String user = asked.value("user");
    String token = asked.value("token");
    String state = asked.value("state");
    // Each filter alone through the core's own checks, so that every refused one is named.
    asked.check("user", () -> only(null, user, null));
    asked.check("token", () -> only(null, null, token));
    asked.check("state", () -> only(state, null, null));
    if (asked.refused()) {
      return new Filtered<>(asked, null);
    }
    return new Filtered<>(
        asked,
        new JobsRequest(
            cluster,
            null,
            state,
            ReadFrom.STORE,
            user,
            token,
            null,
            (asked.page - 1) * ROWS,
            limit));
  }

  private static JobsRequest only(String state, String user, String token) {
    return new JobsRequest(null, null, state, ReadFrom.STORE, user, token, null, 0, null);
  }

  private static List<String> stateLabels() {
    return Arrays.stream(JobState.values()).map(JobState::label).toList();
  }

  /** {@code /jobs?cluster=&user=&token=&state=&page=}. */
  private void jobs(Context ctx) {
    show(
        ctx,
        JOBS,
        jobsAsked(ctx, ROWS),
        r -> parts.fleet().jobs().list(Guard.principal(ctx).actor(), r),
        asked ->
            List.of(
                asked.select("cluster", "Cluster", clusterNames()),
                asked.text("user", "User", "e.g. ann", userNames()),
                asked.text("token", "Token", "its id, e.g. 1a2b3c4d", List.of()),
                asked.select("state", "State", stateLabels())));
  }

  /** A history URL as read: the core's request ({@code null} when a filter was refused). */
  private record Filtered<Q>(Asked asked, Q request) {}

  /**
   * A list page of the history: its title, its path (its CSV is at the path with {@code .csv}), the
   * noun of one row ({@code job}: in the pager and in a past-the-end page), and how its rows and
   * their total are read from the service's answer.
   */
  private record ListPage<R, T>(
      String title,
      String path,
      String noun,
      Function<R, Long> total,
      Function<R, List<T>> rows,
      PageOf<T> page) {}

  /** The constructor of a list page's {@link Page}: each lists its rows under the same parts. */
  private interface PageOf<T> {
    Page of(
        PageFrame frame,
        List<Page.Filter> filters,
        String problem,
        List<T> rows,
        Page.Pager pager,
        String csv);
  }

  private static final ListPage<JobsResult, TrackedJob> JOBS =
      new ListPage<>("Jobs", "/jobs", "job", JobsResult::total, JobsResult::jobs, Page.Jobs::new);

  private static final ListPage<AuditResult, ClusterSummary.Audit> ACTIVITY =
      new ListPage<>(
          "Activity",
          "/activity",
          "event",
          AuditResult::total,
          AuditResult::events,
          Page.Activity::new);

  /**
   * Shows the list page of what {@code filtered} selects, as the service {@code ask}s it, with the
   * form's {@code filters}; the response's status says how the form fared.
   */
  private <Q, R, T> void show(
      Context ctx,
      ListPage<R, T> list,
      Filtered<Q> filtered,
      Function<Q, R> ask,
      Function<Asked, List<Page.Filter>> filters) {
    Asked asked = filtered.asked();
    R result = answer(asked, filtered.request(), ask);
    Page.Pager pager =
        pager(
            list.path(),
            asked,
            result == null ? null : list.total().apply(result),
            list.noun() + "s");
    String problem = problem(asked, pager, result != null, list.noun());
    asked.status(ctx);
    parts.show(
        ctx,
        list.page()
            .of(
                parts.frame(ctx, list.title()),
                filters.apply(asked),
                problem,
                result == null ? List.of() : list.rows().apply(result),
                pager,
                Links.of(list.path() + ".csv", asked.query())));
  }

  /**
   * What the service answers to the form's request ({@code null} when the form asked nothing); a
   * request it refuses for one of the form's fields is shown at that field, with nothing found.
   */
  private static <Q, R> R answer(Asked asked, Q request, Function<Q, R> ask) {
    if (request == null) {
      return null;
    }
    try {
      return ask.apply(request);
    } catch (FleetException e) {
      if (e.kind() != ErrorKind.INVALID_REQUEST || e.fields().isEmpty()) {
        throw e;
      }
      asked.refuse(e.fields().get(0), e);
      return null;
    }
  }

  /** The pages of {@code total} rows ({@code null}: none were found), {@link #ROWS} a page. */
  private static Page.Pager pager(String path, Asked asked, Long total, String nouns) {
    return new Page.Pager(
        path, List.of(asked.query()), asked.page, ROWS, total == null ? 0 : total, nouns);
  }

  /** What is wrong with the page asked for, if anything; past the end only once rows were read. */
  private static String problem(Asked asked, Page.Pager pager, boolean answered, String noun) {
    return answered && asked.page > pager.pages()
        ? pastTheEnd(asked.page, pager, noun)
        : asked.pageProblem;
  }

  private static String pastTheEnd(long page, Page.Pager pager, String noun) {
    return "There is no page "
        + page
        + ": the filters select "
        + pager.total()
        + " "
        + noun
        + (pager.total() == 1 ? "" : "s")
        + ", "
        + pager.pages()
        + (pager.pages() == 1 ? " page" : " pages")
        + " of "
        + ROWS
        + ".";
  }

  /**
   * {@code /jobs.csv?cluster=&user=&token=&state=}: every job the filters select, newest first,
   * streamed a chunk of the store at a time (each after the last id written, so that jobs submitted
   * meanwhile neither repeat nor shift a row). A refused filter brings the Jobs page back with why.
   */
  private void jobsCsv(Context ctx) throws IOException {
    Actor actor = Guard.principal(ctx).actor();
    csv(
        ctx,
        jobsAsked(ctx, CSV_CHUNK),
        this::jobs,
        "jobs.csv",
        (first, before) -> parts.fleet().jobs().list(actor, chunk(first, before)),
        JobsResult::jobs,
        JobsResult::next,
        List.of(
            "id",
            "cluster",
            "scheduler_job_id",
            "name",
            "model",
            "dataset",
            "user",
            "token",
            "state",
            "exit_code",
            "submitted_at",
            "started_at",
            "ended_at",
            "elapsed_seconds",
            "gpus",
            "nodes",
            "partition",
            "gpu_hours",
            "reason",
            "output"),
        j ->
            new Object[] {
              j.id(),
              j.cluster(),
              j.schedulerJobId(),
              j.name(),
              j.model(),
              j.dataset(),
              j.submittedBy(),
              j.token(),
              j.state().label(),
              j.exitCode(),
              j.submittedAt(),
              j.startedAt(),
              j.endedAt(),
              j.elapsedSeconds(),
              j.gpus(),
              j.nodes(),
              j.partition(),
              j.gpuHours(),
              j.reason(),
              j.output()
            });
  }

  private static JobsRequest chunk(JobsRequest r, Long before) {
    return new JobsRequest(
        r.cluster(),
        r.model(),
        r.state(),
        ReadFrom.STORE,
        r.user(),
        r.token(),
        before,
        0,
        CSV_CHUNK);
  }

  /**
   * The response as a download, written as it is made: its headers set first (the frame's are set
   * after the handler, too late for a body already on its way).
   */
  private static Writer download(Context ctx, String name) throws IOException {
    ctx.contentType("text/csv; charset=utf-8");
    ctx.header("Content-Disposition", "attachment; filename=\"" + name + "\"");
    ctx.header("Cache-Control", "no-store");
    ctx.header("X-Content-Type-Options", "nosniff");
    return new BufferedWriter(
        new OutputStreamWriter(ctx.outputStream(), StandardCharsets.UTF_8), 1 << 16);
  }

  // ---------------------------------------------------------------- one job

  private static long jobId(Context ctx) {
    String text = ctx.pathParam("id");
    if (text.length() > 18 || !AsciiNumber.isDigits(text)) {
      throw new Refusal(
          404,
          "NOT_FOUND",
          "no job page at /jobs/"
              + Printable.quoted(text)
              + ": a job's page is /jobs/ID, ID the"
              + " fleet's job id (a number)",
          "find the job on the Jobs page");
    }
    return Long.parseLong(text);
  }

  private TrackedJob tracked(Context ctx, long id) {
    return parts
        .fleet()
        .jobs()
        .job(Guard.principal(ctx).actor(), new JobRequest(JobRef.fleet(id), ReadFrom.STORE))
        .job();
  }

  /** {@code /jobs/{id}}: the job as recorded; its output is read by {@code static/job.js}. */
  private void job(Context ctx) {
    long id = jobId(ctx);
    TrackedJob job = tracked(ctx, id);
    Principal principal = Guard.principal(ctx);
    parts.show(
        ctx,
        new Page.Job(
            parts.frame(ctx, "Job #" + id),
            parts.sessions().takeFlash(principal.session()),
            job,
            ApiRoutes.BASE + "/jobs/%23" + id + "/output",
            principal.mayCancel(job),
            parts.clock().instant()));
  }

  /** The step before cancelling: what is cancelled, and a button that posts it. */
  private void confirmCancel(Context ctx) {
    long id = jobId(ctx);
    TrackedJob job = tracked(ctx, id);
    Principal principal = Guard.principal(ctx);
    if (job.state().terminal()) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job #" + id + " has ended (" + job.state().label() + "): there is nothing to cancel");
    }
    // Refused in the gateway's words for anyone else's job, before anything is asked.
    new Standing(principal.actor(), principal.adminStanding()).requireMayChange(job, "cancel");
    List<Page.Fact> facts = new ArrayList<>();
    facts.add(new Page.Fact("Cluster", job.cluster()));
    facts.add(new Page.Fact("Scheduler id", String.valueOf(job.schedulerJobId())));
    facts.add(new Page.Fact("Name", job.name()));
    facts.add(
        new Page.Fact("Submitted by", job.submittedBy() + " " + Ages.when(job.submittedAt())));
    facts.add(new Page.Fact("State", job.state().label()));
    facts.add(new Page.Fact("GPUs", String.valueOf(job.gpus())));
    parts.show(
        ctx,
        new Page.Confirm(
            parts.frame(ctx, "Cancel job #" + id),
            "Cancel job #"
                + id
                + " ("
                + job.name()
                + ") on "
                + job.cluster()
                + "? Its scheduler stops it now; what it has not written is lost.",
            facts,
            List.of(),
            "/jobs/" + id + "/cancel",
            "Cancel job #" + id,
            "/jobs/" + id,
            null,
            "Keep it running"));
  }

  /**
   * Cancels through the core, by the gateway's rule (its submitter or an admin); the job's page
   * says what the scheduler answered, once.
   */
  private void cancel(Context ctx) {
    long id = jobId(ctx);
    Principal principal = Guard.principal(ctx);
    Actor actor = principal.actor();
    CancelResult result =
        parts
            .fleet()
            .jobs()
            .cancel(
                actor,
                new CancelRequest(
                    JobRef.fleet(id), new Standing(actor, principal.adminStanding())));
    if (principal.session() != null) {
      parts.sessions().flash(principal.session(), cancelled(id, result));
    }
    ctx.redirect("/jobs/" + id, HttpStatus.SEE_OTHER);
  }

  /** What a cancellation did, in words. */
  static String cancelled(long id, CancelResult result) {
    TrackedJob job = result.job();
    String now = "; it is " + job.state().label() + " now.";
    return switch (result.outcome()) {
      case REQUESTED ->
          "The scheduler of " + job.cluster() + " took the cancellation of job #" + id + now;
      case ALREADY_ENDED -> "Job #" + id + " had ended already" + now;
      case NOT_FOUND -> "The scheduler of " + job.cluster() + " no longer knows job #" + id + now;
      default -> "Job #" + id + ": " + result.message() + now;
    };
  }

  // ---------------------------------------------------------------- Activity

  private Filtered<AuditRequest> auditAsked(Context ctx, int limit) {
    Asked asked = new Asked(ctx);
    String cluster = cluster(asked);
    String actor = asked.value("actor");
    String action = asked.value("action");
    asked.check("actor", () -> new AuditRequest(null, actor, null, true, null, null, 0, null));
    asked.check("action", () -> new AuditRequest(null, null, action, true, null, null, 0, null));
    if (asked.refused()) {
      return new Filtered<>(asked, null);
    }
    return new Filtered<>(
        asked,
        new AuditRequest(cluster, actor, action, true, null, null, (asked.page - 1) * ROWS, limit));
  }

  /** {@code /activity?cluster=&actor=&action=&page=}: the trail, newest first. */
  private void activity(Context ctx) {
    show(
        ctx,
        ACTIVITY,
        auditAsked(ctx, ROWS),
        r -> parts.fleet().governance().audit(r),
        asked ->
            List.of(
                asked.select("cluster", "Cluster", clusterNames()),
                asked.text("actor", "Actor", "e.g. ann", userNames()),
                asked.text("action", "Action", "e.g. approve", ACTIONS)));
  }

  /**
   * {@code /activity.csv?cluster=&actor=&action=}: every event the filters select, newest first,
   * streamed a chunk at a time; the details as the JSON the trail keeps.
   */
  private void activityCsv(Context ctx) throws IOException {
    csv(
        ctx,
        auditAsked(ctx, CSV_CHUNK),
        this::activity,
        "activity.csv",
        (first, before) -> parts.fleet().governance().audit(chunk(first, before)),
        AuditResult::events,
        AuditResult::next,
        List.of("id", "at", "actor", "surface", "action", "cluster", "details"),
        e ->
            new Object[] {
              e.id(),
              e.at(),
              e.actor(),
              e.surface(),
              e.action(),
              e.cluster(),
              e.details() == null || e.details().isNull() ? null : FleetJson.compact(e.details())
            });
  }

  /**
   * Streams the CSV download {@code file} of what {@code filtered} selects, else (a filter was
   * refused) shows {@code page} with why: the {@code header}, then a row of each of the rows of
   * every chunk, each chunk read after the last one's {@code next} (so that rows added meanwhile
   * neither repeat nor shift a row). The first is read before anything is sent: what the core
   * refuses is still a page.
   */
  private static <Q, R, T> void csv(
      Context ctx,
      Filtered<Q> filtered,
      Consumer<Context> page,
      String file,
      BiFunction<Q, Long, R> chunk,
      Function<R, List<T>> rows,
      Function<R, Long> next,
      List<String> header,
      Function<T, Object[]> row)
      throws IOException {
    Q first = filtered.request();
    if (first == null) {
      page.accept(ctx);
      return;
    }
    R read = chunk.apply(first, null);
    try (Writer out = download(ctx, file)) {
      Csv csv = new Csv(out);
      csv.row(header.toArray());
      while (true) {
        for (T each : rows.apply(read)) {
          csv.row(row.apply(each));
        }
        Long after = next.apply(read);
        if (after == null) {
          break;
        }
        read = chunk.apply(first, after);
      }
    }
  }

  private static AuditRequest chunk(AuditRequest r, Long before) {
    return new AuditRequest(r.cluster(), r.actor(), r.action(), true, before, null, 0, CSV_CHUNK);
  }
}
