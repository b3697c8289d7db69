package io.examlops.fleet.console;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What each page shows: one record per template in {@code src/main/jte}, which takes it as its one
 * {@code @param}. The templates are compiled to Java at build time against these types, so a page
 * and its template cannot disagree on a name or a type, and a handler fills a page as it fills any
 * record. The records are public because the compiled templates live in a package of their own.
 */
public sealed interface Page
    permits Page.Login,
        Page.SignedIn,
        Page.Password,
        Page.Fleet,
        Page.Review,
        Page.Cluster,
        Page.Access,
        Page.Confirm,
        Page.Refused,
        Page.Jobs,
        Page.Job,
        Page.Activity,
        CapacityPage {

  /** The template that renders this page. */
  String template();

  /** A value as text: times in the JSON format, nothing as "-". */
  default String text(Object value) {
    if (value == null) {
      return "-";
    }
    if (value instanceof Instant at) {
      return FleetJson.instant(at);
    }
    return value.toString();
  }

  /** A moment as lists show it, "2026-12-02 00:40 UTC"; "-" when unknown. */
  default String when(Instant at) {
    return Ages.when(at);
  }

  /** A moment as a dense table shows it, "2026-12-02 00:40" (UTC, said in its heading). */
  default String minute(Instant at) {
    return Ages.minute(at);
  }

  /** The fleet's id of the job an audit event is about ({@code submit}, ...); else {@code null}. */
  default Long jobOf(ClusterSummary.Audit event) {
    var job = event.details() == null ? null : event.details().get("job");
    return job != null && job.canConvertToLong() && job.isIntegralNumber() ? job.asLong() : null;
  }

  /** A job's run time, "5 min 12 s"; "-" until known. */
  default String duration(Long seconds) {
    return seconds == null ? "-" : Ages.exact(Duration.ofSeconds(seconds));
  }

  /** GPU-hours with two decimals, as the CLI shows them; "unknown", never 0, when unknown. */
  default String hours(BigDecimal gpuHours) {
    return gpuHours == null ? "unknown" : GpuHoursTally.shown(gpuHours);
  }

  /** An audit event's details as readable lines. */
  default List<String> details(ClusterSummary.Audit event) {
    return AuditDetails.lines(event.details());
  }

  /** A path with a query, each value URL-encoded: {@code /jobs?user=ann&page=2}. */
  default String link(String path, String... namesAndValues) {
    return Links.of(path, namesAndValues);
  }

  /**
   * The sign-in page: its form, with why the last attempt failed and the name it was made with.
   *
   * @param formToken the pre-session token the form carries (and its cookie holds)
   * @param next the page to go back to once signed in ({@link SignIn#back})
   * @param provider what the "Sign in with" button calls the OpenID Provider; {@code null}: none
   */
  record Login(String message, String user, String formToken, String next, String provider)
      implements Page {
    @Override
    public String template() {
      return "login.jte";
    }

    /** Where the "Sign in with" button goes: the OpenID Provider's sign-in, then {@link #next}. */
    public String providerLink() {
      return link(OpenIdSignIn.START, SignIn.NEXT, next.equals("/") ? null : next);
    }
  }

  /**
   * Signed in through the OpenID Provider: the page goes on to {@code next} by itself. A page of
   * the console's own in between, so that the browser's next request starts here, not at the
   * provider's redirect, and carries the session's cookie (SameSite=Strict).
   */
  record SignedIn(String user, String next) implements Page {
    @Override
    public String template() {
      return "signedin.jte";
    }
  }

  /**
   * Choosing one's own password.
   *
   * @param oneTime the user signed in with a one-time password and may do nothing else first
   * @param message why the last try failed; {@code null} when there was none
   */
  record Password(PageFrame frame, boolean oneTime, String message) implements Page {
    @Override
    public String template() {
      return "password.jte";
    }
  }

  /**
   * The Fleet page: every cluster's row, those waiting for a decision first; ages as of now.
   *
   * @param notice what the session was just told (its flash), shown once; {@code null} for none
   */
  record Fleet(PageFrame frame, List<ClusterRow> rows, String notice, Instant now) implements Page {
    @Override
    public String template() {
      return "fleet.jte";
    }

    public String age(Instant at) {
      return Ages.of(at, now);
    }
  }

  /**
   * The clusters waiting for an admin's decision, each with what approving it would pin, and the
   * latest decisions, newest first.
   */
  record Review(PageFrame frame, List<ClusterRow> waiting, List<ClusterRow> decided, Instant now)
      implements Page {
    @Override
    public String template() {
      return "review.jte";
    }
  }

  /**
   * One cluster: its row, latest nodes and queue, its newest tracked jobs and audit events (of
   * {@code jobCount} and {@code eventCount} in all: the Jobs and Activity pages have the rest);
   * {@code notice} says what was just done to it, as its state now shows.
   */
  record Cluster(
      PageFrame frame,
      String notice,
      ClusterRow row,
      List<NodeInfo> nodes,
      QueueResult queue,
      List<TrackedJob> jobs,
      long jobCount,
      List<ClusterSummary.Audit> audit,
      long eventCount,
      Instant now)
      implements Page {
    @Override
    public String template() {
      return "cluster.jte";
    }

    public String age(Instant at) {
      return Ages.of(at, now);
    }

    public String span(Duration d) {
      return Ages.span(d);
    }

    public long queuePending() {
      return queue.jobs().stream().filter(j -> j.state() == JobState.PENDING).count();
    }
  }

  /**
   * Users and API tokens, with a token's secret the one time it is shown (else null) and what was
   * just done (else null).
   */
  record Access(
      PageFrame frame,
      List<ConsoleUser> users,
      List<ApiToken> tokens,
      String newSecret,
      String notice,
      FormState sent)
      implements Page {
    @Override
    public String template() {
      return "access.jte";
    }

    public List<Role> roles() {
      return List.of(Role.values());
    }
  }

  /**
   * The step before a change that cannot be undone with one click (reject or revoke a cluster,
   * revoke a token, remove a user, reset a password, cancel a job): what it concerns, the fields it
   * needs and a button that posts it; works without JavaScript. {@code message} says why the last
   * try was refused (else null); {@code back} is the words of the link that leaves it unchanged.
   */
  record Confirm(
      PageFrame frame,
      String question,
      List<Fact> facts,
      List<Field> fields,
      String action,
      String button,
      String cancel,
      String message,
      String back)
      implements Page {
    /** The words of the link back, unless the change asks for others ("Keep it running"). */
    static final String BACK = "Cancel";

    @Override
    public String template() {
      return "confirm.jte";
    }
  }

  /**
   * A form sent back because it was refused: what was typed in it (passwords never), the message,
   * and the fields it concerns, so that the page shows the form as it was with the message beside
   * the field.
   *
   * @param form which of the page's forms was sent ({@code id} of its element)
   * @param typed each field's values as sent
   * @param fields the fields the message is about; empty: the form as a whole
   */
  record FormState(
      String form, Map<String, List<String>> typed, String message, List<String> fields) {
    static final FormState NONE = new FormState("", Map.of(), null, List.of());

    /**
     * What was typed in {@code field} of {@code form}, or {@code fallback} when it was not sent.
     */
    public String value(String form, String field, String fallback) {
      List<String> values = of(form) ? typed.get(field) : null;
      return values == null || values.isEmpty() ? fallback : values.get(0);
    }

    /** Whether {@code value} was among those sent in {@code field}, else {@code fallback}. */
    public boolean chosen(String form, String field, String value, boolean fallback) {
      return of(form) ? typed.getOrDefault(field, List.of()).contains(value) : fallback;
    }

    /** The message when it concerns {@code field} of {@code form}; {@code null} otherwise. */
    public String about(String form, String field) {
      return of(form) && fields.contains(field) ? message : null;
    }

    /** The message when it concerns {@code form} as a whole (or none of the fields it shows). */
    public String general(String form, List<String> shown) {
      return of(form) && fields.stream().noneMatch(shown::contains) ? message : null;
    }

    private boolean of(String form) {
      return this.form.equals(form);
    }
  }

  /** A label and its value, as the confirm and review panels list them. */
  record Fact(String label, String value) {}

  /**
   * A field a confirm page asks for, or carries unseen.
   *
   * @param type {@code textarea}, {@code hidden} or an input type ({@code password})
   * @param value what a hidden field carries; {@code null} for a field the user fills in
   */
  record Field(String name, String label, String type, String autocomplete, String value) {
    Field(String name, String label, String type, String autocomplete) {
      this(name, label, type, autocomplete, null);
    }

    /** A field the form carries back unchanged, such as the revision the page showed. */
    static Field hidden(String name, String value) {
      return new Field(name, "", "hidden", "off", value);
    }
  }

  /**
   * A filter of the Jobs or Activity page, as its form shows it and its URL gave it.
   *
   * @param name the query parameter
   * @param value what the URL gave, {@code ""} for nothing
   * @param options a {@code select}'s choices (besides "all"); {@code null} for a text field
   * @param suggestions a text field's suggestions ({@code datalist}); empty for none
   * @param problem why the value was refused, shown beside the field; {@code null} when it was not
   */
  record Filter(
      String name,
      String label,
      String value,
      List<String> options,
      List<String> suggestions,
      String placeholder,
      String problem) {
    /** Whether the value is one of the options (a refused value is shown as given besides). */
    public boolean offered() {
      return options == null || value.isEmpty() || options.contains(value);
    }
  }

  /**
   * The fleet's tracked jobs, one page of what the filters in the URL select, newest first.
   *
   * @param problem what is wrong beside the filters (a page past the last); {@code null} for none
   * @param jobs the page's jobs; empty when a filter was refused
   * @param csv the same filters as a CSV download of every matching job
   */
  record Jobs(
      PageFrame frame,
      List<Filter> filters,
      String problem,
      List<TrackedJob> jobs,
      Pager pager,
      String csv)
      implements Page {
    @Override
    public String template() {
      return "jobs.jte";
    }

    /** Whether a filter was refused: the page then lists nothing. */
    public boolean refused() {
      return filters.stream().anyMatch(f -> f.problem() != null);
    }
  }

  /**
   * One tracked job: its facts, its reason, its output's tail (read by {@code static/job.js} from
   * {@code outputSource}, live while the job runs) and a cancel button for those who may.
   *
   * @param notice what the session was just told (a cancellation's outcome), shown once
   * @param mayCancel whether this user may cancel it now: the gateway's rule (its submitter or an
   *     admin, with the submit scope), and it has not ended
   */
  record Job(
      PageFrame frame,
      String notice,
      TrackedJob job,
      String outputSource,
      boolean mayCancel,
      Instant now)
      implements Page {
    @Override
    public String template() {
      return "job.jte";
    }

    /**
     * How long it ran: the scheduler's figure once it has ended; while it runs, from its start to
     * now (a recorded figure is as old as the last look at the job).
     */
    public String ran() {
      if (job.state().terminal() && job.elapsedSeconds() != null) {
        return duration(job.elapsedSeconds());
      }
      if (job.startedAt() == null) {
        return duration(job.elapsedSeconds());
      }
      if (job.endedAt() != null) {
        return Ages.exact(Duration.between(job.startedAt(), job.endedAt()));
      }
      return Ages.exact(Duration.between(job.startedAt(), now)) + " so far";
    }
  }

  /**
   * The audit trail of the whole fleet, one page of what the filters in the URL select, newest
   * first.
   */
  record Activity(
      PageFrame frame,
      List<Filter> filters,
      String problem,
      List<ClusterSummary.Audit> events,
      Pager pager,
      String csv)
      implements Page {
    @Override
    public String template() {
      return "activity.jte";
    }
  }

  /**
   * Where a list stands: page {@code page} of {@code size} rows, of {@code total} in all.
   *
   * @param path the page's path, {@code /jobs}
   * @param query its filters, name and value, each pair once: every page link keeps them
   * @param noun what the rows are, plural ({@code jobs})
   */
  record Pager(String path, List<String> query, long page, int size, long total, String noun) {
    public long pages() {
      return Math.max(1, (total + size - 1) / size);
    }

    public boolean hasPrevious() {
      return page > 1;
    }

    public boolean hasNext() {
      return page < pages();
    }

    /** The link to page {@code n}, the filters kept. */
    public String href(long n) {
      List<String> all = new java.util.ArrayList<>(query);
      if (n > 1) {
        all.add("page");
        all.add(Long.toString(n));
      }
      return Links.of(path, all.toArray(String[]::new));
    }

    /** The rows this page shows, "51-100", or "0" for none. */
    public String shown(int rows) {
      long first = (page - 1) * size;
      return rows == 0 ? "0" : (first + 1) + "-" + (first + rows);
    }
  }

  /** A refused request, as a page for someone signed in. */
  record Refused(PageFrame frame, int status, String message, String hint) implements Page {
    @Override
    public String template() {
      return "error.jte";
    }

    /** The status and what it means, "404 · Not found". */
    public String heading() {
      String words =
          switch (status) {
            case 400 -> "Bad request";
            case 401 -> "Not signed in";
            case 403 -> "Not allowed";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 409 -> "Conflict";
            case 413, 414, 431 -> "Too large";
            case 429 -> "Too many requests";
            default -> status >= 500 ? "Server error" : "Refused";
          };
      return status + " · " + words;
    }
  }
}
