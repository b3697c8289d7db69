package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.ReadFrom;
import java.util.regex.Pattern;

/**
 * Tracked submissions, newest first: all of them, or one page.
 *
 * @param cluster only this cluster's; {@code null}: all
 * @param model only this model's; {@code null}: all
 * @param state only jobs in this state (a job state's label, {@code running}); {@code null}: all
 * @param from {@link ReadFrom#SCHEDULER}: ask the schedulers about unfinished jobs first; {@link
 *     ReadFrom#STORE}: as last recorded; {@code null}: the schedulers
 * @param user only the jobs this user submitted; {@code null}: everyone's
 * @param token only the jobs submitted with this API token (its id, {@code 1a2b3c4d}); {@code
 *     null}: with any token or none
 * @param before only jobs whose fleet id is below this one: the {@link JobsResult#next()} of the
 *     page before, which new submissions do not shift; {@code null}: from the newest
 * @param offset how many of the matching jobs to skip first (a page number's start); 0: none
 * @param limit at most this many jobs (1 to {@link #MOST}), with their {@link JobsResult#total()};
 *     {@code null}: all of them (the surfaces ask for {@link HistoryLimit#DEFAULT} unless told)
 */
public record JobsRequest(
    String cluster,
    String model,
    String state,
    ReadFrom from,
    String user,
    String token,
    Long before,
    long offset,
    Integer limit) {
  /** The most jobs one page holds. */
  public static final int MOST = HistoryLimit.MOST;

  /** A token's id as the console shows it: letters and digits ({@code 1a2b3c4d}). */
  public static final String TOKEN_ID_FORM = "[0-9A-Za-z]{1,64}";

  private static final Pattern TOKEN_ID = Pattern.compile(TOKEN_ID_FORM);

  /**
   * @throws FleetException {@link io.examlops.fleet.model.ErrorKind#INVALID_REQUEST} naming the
   *     field: a cluster that is no cluster name, a state that is none, a user that is not one
   *     plain line, a token that is no token's id, a page out of range
   */
  public JobsRequest {
    from = from == null ? ReadFrom.SCHEDULER : from;
    if (cluster != null) {
      ClusterName.require(cluster, "cluster");
    }
    if (state != null) {
      stateOf(state);
    }
    if (user != null) {
      user = OneLine.require("the user", user, Actor.MAX_LENGTH, "user");
    }
    if (token != null && !TOKEN_ID.matcher(token).matches()) {
      throw FleetException.invalid(
          Printable.quoted(token)
              + " is not an API token's id: give the id Users & tokens shows (1a2b3c4d), not its"
              + " name or secret",
          "token");
    }
    if (before != null && before < 1) {
      throw FleetException.invalid(
          "before=" + before + " is no job id: give the id of a job, 1 or more", "before");
    }
    if (offset < 0) {
      throw FleetException.invalid("the offset " + offset + " is below 0", "offset");
    }
    if (limit != null && (limit < 1 || limit > MOST)) {
      throw FleetException.invalid(
          "the limit " + limit + " is not from 1 to " + MOST + " jobs", "limit");
    }
  }

  /** Every job of the cluster, model and state given, as before pages were. */
  public JobsRequest(String cluster, String model, String state, ReadFrom from) {
    this(cluster, model, state, from, null, null, null, 0, null);
  }

  /** Whether one page is asked for, rather than every matching job. */
  public boolean paged() {
    return limit != null || before != null || offset > 0;
  }

  /** The state asked for; {@code null} for all. */
  public JobState jobState() {
    return state == null ? null : stateOf(state);
  }

  /** The states as their labels, as the refusal of another word lists them. */
  public static String stateLabels() {
    return String.join(", ", JobState.labels());
  }

  private static JobState stateOf(String text) {
    try {
      return JobState.parse(text);
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(
          Printable.quoted(text) + " is not a job state; use one of " + stateLabels(), "state");
    }
  }
}
