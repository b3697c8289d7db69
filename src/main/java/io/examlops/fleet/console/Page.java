package io.examlops.fleet.console;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What each page shows: one record per template in {@code src/main/jte}, which takes it as its one
 * {@code @param}. The templates are compiled to Java at build time against these types, so a page
 * and its template cannot disagree on a name or a type, and a handler fills a page as it fills any
 * record. The records are public because the compiled templates live in a package of their own.
 */
public sealed interface Page
    permits Page.Login,
        Page.Password,
        Page.Fleet,
        Page.Cluster,
        Page.Access,
        Page.Refused,
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

  /**
   * The sign-in form, with why the last attempt failed and the name it was made with.
   *
   * @param formToken the pre-session token the form carries (and its cookie holds)
   */
  record Login(String message, String user, String formToken) implements Page {
    @Override
    public String template() {
      return "login.jte";
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

  /** The Fleet page: every cluster's row, what was just done, and ages as of {@code now}. */
  record Fleet(PageFrame frame, List<ClusterRow> rows, String notice, Instant now) implements Page {
    @Override
    public String template() {
      return "fleet.jte";
    }

    public String age(Instant at) {
      return Ages.of(at, now);
    }
  }

  /** One cluster: its row, latest nodes and queue, tracked jobs and audit trail. */
  record Cluster(
      PageFrame frame,
      ClusterRow row,
      List<NodeInfo> nodes,
      QueueResult queue,
      List<TrackedJob> jobs,
      List<ClusterSummary.Audit> audit,
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

  /** Users and API tokens, with a token's secret the one time it is shown (else null). */
  record Access(PageFrame frame, List<ConsoleUser> users, List<ApiToken> tokens, String newSecret)
      implements Page {
    @Override
    public String template() {
      return "access.jte";
    }
  }

  /** A refused request, as a page for someone signed in. */
  record Refused(PageFrame frame, int status, String message, String hint) implements Page {
    @Override
    public String template() {
      return "error.jte";
    }
  }
}
