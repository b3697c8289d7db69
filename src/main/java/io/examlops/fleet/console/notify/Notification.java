package io.examlops.fleet.console.notify;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Objects;

/**
 * One thing an admin is told: a cluster waits for approval, a decision was made, a cluster's
 * refresh keeps failing (or works again).
 *
 * @param event {@code cluster-pending}, {@code decision}, {@code refresh-failing} or {@code
 *     refresh-recovered}
 * @param cluster the cluster it is about
 * @param actor who acted (for the refresher's events, {@code refresher})
 * @param surface what they acted through ({@code cli}, {@code console}, {@code jenkins:...})
 * @param at when it happened
 * @param title one line: a mail's subject, the webhook's {@code summary}
 * @param text plain lines for people: a mail's body
 * @param details what the event records, as JSON (the audit event's details)
 * @param link the console's page about it
 */
public record Notification(
    String event,
    String cluster,
    String actor,
    String surface,
    Instant at,
    String title,
    String text,
    JsonNode details,
    String link) {
  public static final String PENDING = "cluster-pending";
  public static final String DECISION = "decision";
  public static final String REFRESH_FAILING = "refresh-failing";
  public static final String REFRESH_RECOVERED = "refresh-recovered";

  public Notification {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(text, "text");
  }
}
