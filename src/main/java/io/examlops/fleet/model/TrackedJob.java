package io.examlops.fleet.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * A submission HPC Fleet recorded and follows to its end (a row of {@code hpc_jobs}).
 *
 * @param id the fleet's own id
 * @param cluster the cluster it went to
 * @param schedulerJobId the scheduler's id ({@code 42}, {@code ƒCfjPArK}, {@code mock-7})
 * @param name the job name
 * @param model the model trained, when submitted by a pipeline run; else {@code null}
 * @param dataset the dataset, likewise
 * @param gpus GPUs requested (the scheduler's own count replaces it once known)
 * @param nodes nodes requested, or {@code null}
 * @param partition partition or queue, or {@code null} for the default
 * @param state the normalized state last seen
 * @param submittedBy who submitted
 * @param submittedAt when
 * @param startedAt when it started running; {@code null} until known
 * @param endedAt when it ended; {@code null} until it has
 * @param elapsedSeconds run time; {@code null} until known
 * @param gpuHours GPUs × elapsed hours; {@code null} when unknown (never 0 for unknown)
 * @param exitCode the script's exit code, when the scheduler reports it
 * @param reason pending reason, failure reason or the scheduler's own message
 * @param output where it was asked to write its output ({@link OutputPath#pattern()}, its {@code
 *     %x} filled in), {@code null} for its scheduler's default place
 * @param token the id of the API token it was submitted with ({@code 1a2b3c4d}), whose limits it
 *     counts against; {@code null} when none was (this machine's exa, a person signed in)
 */
public record TrackedJob(
    long id,
    String cluster,
    String schedulerJobId,
    String name,
    String model,
    String dataset,
    Integer gpus,
    Integer nodes,
    String partition,
    JobState state,
    String submittedBy,
    Instant submittedAt,
    Instant startedAt,
    Instant endedAt,
    Long elapsedSeconds,
    BigDecimal gpuHours,
    Integer exitCode,
    String reason,
    String output,
    String token) {

  /** The longest reason kept: a scheduler's message, not its log. */
  public static final int MAX_REASON = 2000;

  public TrackedJob {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(submittedBy, "submittedBy");
    Objects.requireNonNull(submittedAt, "submittedAt");
  }

  /** Where the job was asked to write its output; {@code null}: its scheduler's default place. */
  public OutputPath outputPath() {
    return output == null ? null : new OutputPath(output);
  }

  /**
   * What the submission was sent with, so that its scheduler can be asked for it when the answer
   * was lost ({@code exa-ID-EPOCH}: the fleet's id and the second it was recorded, both kept in the
   * record; a slurm comment, a flux attribute, the mock's request).
   */
  public String submissionMark() {
    return "exa-" + id + "-" + submittedAt.getEpochSecond();
  }

  /**
   * A submission about to be sent: {@link JobState#SUBMITTING}, with no fleet id, no scheduler id
   * and nothing observed yet.
   */
  public static TrackedJob submitting(
      String cluster,
      String name,
      String model,
      String dataset,
      Integer gpus,
      Integer nodes,
      String partition,
      String submittedBy,
      Instant submittedAt,
      OutputPath output) {
    return new TrackedJob(
        0,
        cluster,
        null,
        name,
        model,
        dataset,
        gpus,
        nodes,
        partition,
        JobState.SUBMITTING,
        submittedBy,
        submittedAt,
        null,
        null,
        null,
        null,
        null,
        null,
        output == null ? null : output.pattern(),
        null);
  }

  /** The job in {@code newState} since {@code started} (if known), with why; nothing else known. */
  public TrackedJob noted(JobState newState, Instant started, String why) {
    return observed(newState, started, null, null, null, null, null, why);
  }

  /**
   * The job as a scheduler now reports it: figures it does not give ({@code null}) stay as last
   * seen, but {@code why} replaces the reason, as a job that started no longer waits for the
   * Resources it was waiting for.
   */
  public TrackedJob observed(
      JobState newState,
      Instant started,
      Instant ended,
      Long elapsed,
      Integer gpuCount,
      BigDecimal hours,
      Integer exit,
      String why) {
    return reportedAs(
        gpuCount == null ? gpus : gpuCount,
        partition,
        newState,
        submittedAt,
        started == null ? startedAt : started,
        ended == null ? endedAt : ended,
        elapsed == null ? elapsedSeconds : elapsed,
        hours == null ? gpuHours : hours,
        exit == null ? exitCode : exit,
        why == null ? null : OneLine.flattened(why, MAX_REASON));
  }

  /**
   * The same job with the scheduler's own submission time (the fleet's clock only stands in until
   * the scheduler is asked) and, when none was asked for, the partition or queue it landed in.
   */
  public TrackedJob asScheduled(Instant scheduledAt, String landedIn) {
    return reportedAs(
        gpus,
        partition == null ? landedIn : partition,
        state,
        scheduledAt == null ? submittedAt : scheduledAt,
        startedAt,
        endedAt,
        elapsedSeconds,
        gpuHours,
        exitCode,
        reason);
  }

  /**
   * The same submission (its ids, what was asked, by whom, where its output goes and the token it
   * counts against) with what its scheduler reports of it replaced.
   */
  private TrackedJob reportedAs(
      Integer gpus,
      String partition,
      JobState state,
      Instant submittedAt,
      Instant startedAt,
      Instant endedAt,
      Long elapsedSeconds,
      BigDecimal gpuHours,
      Integer exitCode,
      String reason) {
    return new TrackedJob(
        id,
        cluster,
        schedulerJobId,
        name,
        model,
        dataset,
        gpus,
        nodes,
        partition,
        state,
        submittedBy,
        submittedAt,
        startedAt,
        endedAt,
        elapsedSeconds,
        gpuHours,
        exitCode,
        reason,
        output,
        token);
  }
}
