package io.examlops.fleet.registry;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.model.capacity.ModelHours;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The records of tracked submissions: this machine's platform.db ({@link JobStore}) or a central
 * console's (central mode). A submission is recorded before it is sent ({@link #begin}), and only
 * for an ACTIVE cluster; {@link #complete} or {@link #discard} follows.
 */
public interface JobRecords {
  /**
   * Which tracked jobs to list; {@code null} fields match everything.
   *
   * @param user only the jobs this user submitted ({@link TrackedJob#submittedBy()})
   * @param token only the jobs submitted with this API token (its id, {@link TrackedJob#token()})
   */
  record Filter(String cluster, String model, JobState state, String user, String token) {
    public static final Filter ALL = new Filter(null, null, null);

    public Filter(String cluster, String model, JobState state) {
      this(cluster, model, state, null, null);
    }

    /** The same filter without its state: what a refresh asks the schedulers about. */
    public Filter anyState() {
      return new Filter(cluster, model, null, user, token);
    }
  }

  /**
   * One page of what {@link #list} lists, read as one query that stops at the page's end (an index
   * serves each filter, so that a page of a year of history reads a page of rows).
   *
   * @param before only jobs whose fleet id is below this one (the last id of the page before: a
   *     cursor that new submissions do not shift); {@code null}: from the newest
   * @param offset how many matching jobs to skip first (a page number's start)
   * @param limit at most this many jobs
   */
  record Page(Long before, long offset, int limit) {
    public Page {
      if (before != null && before < 1) {
        throw new IllegalArgumentException("before must be 1 or more, not " + before);
      }
      if (offset < 0 || limit < 1) {
        throw new IllegalArgumentException("a page starts at 0 or later and holds 1 job or more");
      }
    }
  }

  /**
   * Records a submission before it is sent, as {@link JobState#SUBMITTING} without a scheduler id,
   * with the caller's tag ({@code null} for none); returns it with its fleet id.
   *
   * @throws NotApprovedException when the cluster is not ACTIVE
   */
  default TrackedJob begin(TrackedJob job, String tag) {
    return begin(job, tag, null, BigDecimal.ZERO);
  }

  /**
   * As {@link #begin(TrackedJob, String)}, charged to {@code token} ({@code null}: none): in the
   * same transaction, refused when the token's unfinished jobs or its GPU-hours of the period
   * together with {@code askedHours} leave no room for the job ({@link TokenLimits}), else recorded
   * under the token.
   *
   * @throws FleetException {@link ErrorKind#NOT_PERMITTED} naming the token's rule
   */
  TrackedJob begin(TrackedJob job, String tag, ActingToken token, BigDecimal askedHours);

  /**
   * What a token's jobs use now: how many have not ended, and their GPU-hours since {@code since}
   * (as the scheduler accounted them; a running job's so far).
   */
  TokenUse tokenUse(String token, Instant since);

  /** A token's jobs that have not ended, and their GPU-hours of a period. */
  record TokenUse(int unfinished, BigDecimal gpuHours) {}

  /**
   * Completes the record of a submission the scheduler accepted: its id and {@link
   * JobState#SUBMITTED}, with the audit event of {@code actor}, who submitted it.
   */
  TrackedJob complete(TrackedJob begun, String schedulerJobId, Actor actor);

  /** Removes the record of a submission that never reached the scheduler (refused, or failed). */
  void discard(TrackedJob begun);

  /**
   * Marks a submission whose scheduler never got it (not found under its mark after the grace
   * period, or cleared by its owner) as {@link JobState#NOT_SUBMITTED}, with why, audited as {@code
   * actor}'s; one no longer submitting is left as it is. Returns the record as it stands.
   */
  TrackedJob notSubmitted(TrackedJob begun, String why, Actor actor);

  /**
   * Records that {@code actor} asked the job's scheduler to cancel it, and what the scheduler said
   * ({@code outcome}: a {@link io.examlops.fleet.model.CancelOutcome}'s name, as {@code exa hpc
   * cancel --json} writes it, and its message), audited as {@code cancel} whatever the answer.
   */
  void cancelAsked(TrackedJob job, Actor actor, String outcome, String message);

  /**
   * Stores what was last observed of jobs, all or none; states only move forward ({@link
   * JobState#mayMoveTo}), a record whose state may not move to the observed one is left as it is.
   * Returns the records as they stand, in the same order.
   */
  List<TrackedJob> update(List<TrackedJob> jobs);

  Optional<TrackedJob> find(long id);

  /** The newest submission recorded with this tag, if any. */
  Optional<TrackedJob> latestTagged(String tag);

  /** Tracked jobs, newest first. */
  List<TrackedJob> list(Filter filter);

  /** One page of the tracked jobs {@code filter} selects, newest first. */
  List<TrackedJob> list(Filter filter, Page page);

  /** How many tracked jobs {@code filter} selects, counted without reading them. */
  long count(Filter filter);

  /**
   * Gives the job a lease renewed {@code at}: whoever waits on it renews it ({@link #renewLease}),
   * and a lease nobody renews lets the console cancel the job ({@link #leasedBefore}).
   */
  void startLease(long id, Instant at);

  /** Renews the job's lease, if it has one; a job without one is left without. */
  void renewLease(long id, Instant at);

  /** Ends the job's lease, so that it runs on whoever watches; returns whether it had one. */
  boolean endLease(long id);

  /**
   * The jobs of {@code cluster} ({@code null}: of every cluster) that have not ended ({@link
   * JobState#terminal}), newest first: what placement and the GPUs in use count, without reading
   * the jobs that ended, however many a fleet has run.
   */
  default List<TrackedJob> unfinished(String cluster) {
    return list(new Filter(cluster, null, null)).stream()
        .filter(j -> !j.state().terminal())
        .toList();
  }

  /**
   * The GPU-hours of {@code cluster}'s jobs, tallied (the known ones summed, the unknown ones
   * counted), leaving out submissions the scheduler has not confirmed yet (unless a figure is
   * known): what capacity reports, without reading a year of job rows.
   */
  default GpuHoursTally gpuHours(String cluster) {
    return GpuHoursTally.of(
        list(new Filter(cluster, null, null)).stream()
            .filter(JobRecords::counted)
            .map(TrackedJob::gpuHours)
            .toList());
  }

  /**
   * The GPU-hours of each model's jobs over every cluster, counted as {@link #gpuHours} counts
   * them: the jobs of no model first, then by model name; a model none of whose jobs counts is left
   * out.
   */
  default List<ModelHours> gpuHoursByModel() {
    Map<String, List<BigDecimal>> byModel = new TreeMap<>();
    for (TrackedJob job : list(new Filter(null, null, null))) {
      if (counted(job)) {
        byModel
            .computeIfAbsent(job.model() == null ? "" : job.model(), m -> new ArrayList<>())
            .add(job.gpuHours());
      }
    }
    List<ModelHours> models = new ArrayList<>();
    byModel.forEach(
        (model, hours) ->
            models.add(new ModelHours(model.isEmpty() ? null : model, GpuHoursTally.of(hours))));
    return models;
  }

  /**
   * Whether capacity counts the job's GPU-hours: once its scheduler has confirmed it, or earlier
   * when a figure is known all the same.
   */
  static boolean counted(TrackedJob job) {
    return !job.state().awaitsScheduler() || job.gpuHours() != null;
  }

  /** Unfinished jobs whose lease was last renewed before {@code instant}, oldest lease first. */
  List<TrackedJob> leasedBefore(Instant instant);

  /**
   * The GPUs a cluster's unfinished tracked jobs hold: what the mock's node reports in use. Summed
   * as a long and capped at {@link Integer#MAX_VALUE}, so that no count of jobs can overflow into
   * fewer GPUs in use.
   */
  default int gpusInUse(String cluster) {
    long sum =
        unfinished(cluster).stream()
            .filter(j -> j.gpus() != null && j.gpus() > 0)
            .mapToLong(TrackedJob::gpus)
            .sum();
    return (int) Math.min(sum, Integer.MAX_VALUE);
  }
}
