package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.console.notify.Notification;
import io.examlops.fleet.console.notify.Notifier;
import io.examlops.fleet.console.notify.NotifySettings;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.json.FleetJson;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the console tells admins of, wherever it happened: it follows the audit trail of platform.db
 * (so a cluster registered by {@code exa hpc connect} in another process, or decided in the CLI, a
 * Jenkins job or this console, is seen alike) from the event that was newest when it started, and
 * the refresher's failures in a row. A cluster registered as PENDING, a decision (approve, reject,
 * revoke), a cluster whose refresh failed {@code refresh_failures} times in a row (once per streak)
 * and one whose refresh works again after that are handed to the {@link Notifier}, which delivers
 * them in the background: nothing here waits on a webhook or a mail server.
 */
final class ConsoleNotifications implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ConsoleNotifications.class);

  /** How often the audit trail is read for what others recorded. */
  static final Duration POLL = Duration.ofSeconds(2);

  /** Events read at once; more are read at once after. */
  private static final int BATCH = 200;

  private final Fleet fleet;
  private final NotifySettings settings;
  private final String console;
  private final Notifier notifier;
  private final ScheduledExecutorService poller =
      Executors.newSingleThreadScheduledExecutor(Daemons.named("console-notify-audit"));

  /** The newest audit event seen; -1 until the trail could be read once. */
  private volatile long seen = -1;

  private volatile boolean readFailing;

  /**
   * @param console the console's address for links
   */
  ConsoleNotifications(Fleet fleet, NotifySettings settings, String console, Clock clock) {
    this.fleet = fleet;
    this.settings = settings;
    this.console = console.endsWith("/") ? console : console + "/";
    this.notifier = Notifier.of(settings, this.console, clock);
  }

  /** Starts following the audit trail from its newest event: older ones are not told again. */
  void start() {
    startFromNewest();
    poller.scheduleWithFixedDelay(
        this::poll, POLL.toMillis(), POLL.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void startFromNewest() {
    try {
      seen = fleet.governance().latestAuditId();
    } catch (RuntimeException e) {
      LOG.warn("notify: cannot read the audit trail yet: {}", e.getMessage());
    }
  }

  /** Reads what was recorded since the last read and hands on what admins are told of. */
  void poll() {
    if (seen < 0) {
      startFromNewest();
      return;
    }
    try {
      List<ClusterSummary.Audit> events;
      do {
        events = fleet.governance().auditAfter(seen, BATCH).events();
        for (ClusterSummary.Audit event : events) {
          of(event).ifPresent(notifier::offer);
          seen = event.id();
        }
      } while (events.size() == BATCH);
      if (readFailing) {
        LOG.warn("notify: the audit trail can be read again");
        readFailing = false;
      }
    } catch (RuntimeException e) {
      if (!readFailing) {
        LOG.warn(
            "notify: cannot read the audit trail (tried again every {} s): {}",
            POLL.toSeconds(),
            e.getMessage());
        readFailing = true;
      }
    }
  }

  /** What the refresher tells of each round: failures in a row counted there. */
  void roundEnded(String cluster, RefreshStatus before, RefreshStatus after) {
    int n = settings.refreshFailures();
    if (after.failures() >= n && before.failures() < n) {
      notifier.offer(failing(cluster, after, n));
    } else if (after.failures() == 0 && before.failures() >= n) {
      notifier.offer(recovered(cluster, before, after));
    }
  }

  /** The notification an audit event makes, if it is one admins are told of. */
  Optional<Notification> of(ClusterSummary.Audit e) {
    if (e.cluster() == null) {
      return Optional.empty();
    }
    JsonNode d = e.details() == null ? FleetJson.mapper().nullNode() : e.details();
    String who = e.actor() + (e.surface() == null ? "" : " (" + e.surface() + ")");
    String vouched =
        d.hasNonNull("vouchedBy") ? ", vouched for by " + d.get("vouchedBy").asText() : "";
    switch (e.action()) {
      case "register" -> {
        if (!"PENDING".equals(d.path("state").asText())) {
          return Optional.empty();
        }
        String title = "cluster " + e.cluster() + " waits for approval";
        StringBuilder text =
            new StringBuilder(
                "Cluster "
                    + e.cluster()
                    + " was registered by "
                    + who
                    + " at "
                    + e.at()
                    + (d.path("previousState").isTextual()
                        ? " (it was " + d.get("previousState").asText() + ")"
                        : "")
                    + ". It receives no work until an admin approves it.\n");
        describe(d.path("definition"), d.path("capabilities"), text);
        return Optional.of(
            notification(Notification.PENDING, e, title, text.toString(), d, console + "review"));
      }
      case "approve" -> {
        String title = "cluster " + e.cluster() + " approved by " + e.actor();
        String text =
            "Cluster "
                + e.cluster()
                + " was approved by "
                + who
                + vouched
                + " at "
                + e.at()
                + previously(d)
                + ". It may receive work, over what the approval pinned.";
        return Optional.of(
            notification(
                Notification.DECISION, e, title, text, decision(d, "approved"), page(e.cluster())));
      }
      case "reject" -> {
        String decision =
            "ACTIVE".equals(d.path("previousState").asText()) ? "revoked" : "rejected";
        String title = "cluster " + e.cluster() + " " + decision + " by " + e.actor();
        String text =
            "Cluster "
                + e.cluster()
                + " was "
                + decision
                + " by "
                + who
                + vouched
                + " at "
                + e.at()
                + previously(d)
                + ". Reason: "
                + d.path("reason").asText("(none given)")
                + "\nIt receives no work.";
        return Optional.of(
            notification(
                Notification.DECISION, e, title, text, decision(d, decision), page(e.cluster())));
      }
      default -> {
        return Optional.empty();
      }
    }
  }

  private static String previously(JsonNode d) {
    return d.path("previousState").isTextual()
        ? " (it was " + d.get("previousState").asText() + ")"
        : "";
  }

  private static JsonNode decision(JsonNode d, String decision) {
    ObjectNode out = FleetJson.mapper().createObjectNode();
    out.put("decision", decision);
    if (d.isObject()) {
      out.setAll((ObjectNode) d);
    }
    return out;
  }

  private static void describe(JsonNode definition, JsonNode caps, StringBuilder text) {
    if (definition.isObject()) {
      text.append("\nScheduler: ").append(definition.path("scheduler").asText("?"));
      text.append(", over ").append(definition.path("transport").asText("?"));
      if (definition.hasNonNull("host")) {
        text.append(" to ");
        if (definition.hasNonNull("user")) {
          text.append(definition.get("user").asText()).append('@');
        }
        text.append(definition.get("host").asText());
        if (definition.hasNonNull("port")) {
          text.append(':').append(definition.get("port").asText());
        }
      }
      if (definition.hasNonNull("hostKey")) {
        text.append("\nHost key: ").append(definition.get("hostKey").asText());
      }
    }
    if (caps.isObject()) {
      text.append("\nFound: ")
          .append(caps.path("nodes").asText("?"))
          .append(" nodes, ")
          .append(caps.path("gpus").asText("?"))
          .append(" GPUs");
    }
    text.append('\n');
  }

  private Notification failing(String cluster, RefreshStatus s, int n) {
    ObjectNode d = FleetJson.mapper().createObjectNode();
    d.put("failures", s.failures());
    d.put("threshold", n);
    d.put("lastFailure", s.lastFailure());
    d.set("lastSuccessAt", FleetJson.mapper().valueToTree(s.lastSuccessAt()));
    d.set("nextTryAt", FleetJson.mapper().valueToTree(s.nextDueAt()));
    String text =
        "The console's refresh of cluster "
            + cluster
            + " failed "
            + s.failures()
            + " times in a row, last at "
            + s.lastFailureAt()
            + ":\n"
            + s.lastFailure()
            + "\n\nIts pages show what was stored "
            + (s.lastSuccessAt() == null ? "before the console started" : "at " + s.lastSuccessAt())
            + "; the next try is at "
            + s.nextDueAt()
            + ".";
    return refresh(
        Notification.REFRESH_FAILING,
        cluster,
        s.lastFailureAt(),
        "refresh of cluster " + cluster + " failed " + s.failures() + " times in a row",
        text,
        d);
  }

  private Notification recovered(String cluster, RefreshStatus before, RefreshStatus after) {
    ObjectNode d = FleetJson.mapper().createObjectNode();
    d.put("failuresBefore", before.failures());
    return refresh(
        Notification.REFRESH_RECOVERED,
        cluster,
        after.lastSuccessAt(),
        "refresh of cluster " + cluster + " works again",
        "The console's refresh of cluster "
            + cluster
            + " succeeded at "
            + after.lastSuccessAt()
            + " after "
            + before.failures()
            + " failures in a row.",
        d);
  }

  /** A notification of the refresher's about {@code cluster}, linking to the cluster's page. */
  private Notification refresh(
      String event, String cluster, Instant at, String title, String text, JsonNode details) {
    return new Notification(
        event,
        cluster,
        Refresher.AS.name(),
        Refresher.AS.surface(),
        at,
        title,
        text,
        details,
        page(cluster));
  }

  /** The console's page of {@code cluster}, the link of every notification about one. */
  private String page(String cluster) {
    return console + "clusters/" + cluster;
  }

  private static Notification notification(
      String event, ClusterSummary.Audit e, String title, String text, JsonNode d, String link) {
    ObjectNode details = FleetJson.mapper().createObjectNode();
    if (d.isObject()) {
      details.setAll((ObjectNode) d);
    }
    details.put("auditId", e.id());
    return new Notification(
        event, e.cluster(), e.actor(), e.surface(), e.at(), title, text, details, link);
  }

  @Override
  public void close() {
    poller.shutdownNow();
    notifier.close();
  }
}
