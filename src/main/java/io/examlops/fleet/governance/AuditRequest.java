package io.examlops.fleet.governance;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import java.util.regex.Pattern;

/**
 * The audit trail: all of it, oldest first, or one page of what the filters select.
 *
 * @param cluster only this cluster's events; {@code null}: all
 * @param actor only the events of this acting user ({@code ann}); {@code null}: everyone's
 * @param action only events of this action ({@code approve}, {@code token-create}); {@code null}:
 *     all
 * @param newestFirst the newest event first, rather than the oldest
 * @param before only events whose id is below this one: with {@code newestFirst}, the {@link
 *     AuditResult#next()} of the page before; {@code null}: up to the newest
 * @param after only events whose id is above this one: oldest first, the {@link AuditResult#next()}
 *     of the page before; {@code null}: from the oldest
 * @param offset how many of the selected events to skip first (a page number's start)
 * @param limit at most this many events (1 to {@link #MOST}), with their {@link
 *     AuditResult#total()}; {@code null}: all of them (the surfaces ask for {@link
 *     HistoryLimit#DEFAULT} unless told)
 */
public record AuditRequest(
    String cluster,
    String actor,
    String action,
    boolean newestFirst,
    Long before,
    Long after,
    long offset,
    Integer limit) {
  public static final AuditRequest ALL = new AuditRequest(null);

  /** The most events one page holds. */
  public static final int MOST = HistoryLimit.MOST;

  /** An action as the trail records it: a lower-case word, hyphens between ({@code user-add}). */
  private static final Pattern ACTION = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

  /**
   * A cluster's name by the one rule, so that what is asked is never echoed as it came; the other
   * fields likewise.
   */
  public AuditRequest {
    if (cluster != null) {
      ClusterName.require(cluster, "cluster");
    }
    if (actor != null) {
      actor = OneLine.require("the actor", actor, Actor.MAX_LENGTH, "actor");
    }
    if (action != null && (action.length() > 40 || !ACTION.matcher(action).matches())) {
      throw FleetException.invalid(
          Printable.quoted(action)
              + " is not an action of the trail: a lower-case word such as approve, submit or"
              + " token-create",
          "action");
    }
    if (before != null && before < 1) {
      throw FleetException.invalid(
          "before=" + before + " is no event id: give 1 or more", "before");
    }
    if (after != null && after < 0) {
      throw FleetException.invalid("after=" + after + " is no event id: give 0 or more", "after");
    }
    if (offset < 0) {
      throw FleetException.invalid("the offset " + offset + " is below 0", "offset");
    }
    if (limit != null && (limit < 1 || limit > MOST)) {
      throw FleetException.invalid(
          "the limit " + limit + " is not from 1 to " + MOST + " events", "limit");
    }
  }

  /** The whole trail of one cluster ({@code null}: of all), oldest first. */
  public AuditRequest(String cluster) {
    this(cluster, null, null, false, null, null, 0, null);
  }

  /** Whether one page is asked for, rather than every selected event. */
  public boolean paged() {
    return limit != null || offset > 0;
  }
}
