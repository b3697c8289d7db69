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
    String output) {

  /** The longest reason kept: a scheduler's message, not its log. */
  public static final int MAX_REASON = 2000;

  /** The longest run time recorded: a century, longer than any scheduler lets a job run. */
  public static final long MAX_ELAPSED_SECONDS = 100L * 366 * 24 * 3600;

  /** The earliest and latest times a record holds: anything outside is not a real job's. */
  private static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");

  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

  public TrackedJob {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(submittedBy, "submittedBy");
    Objects.requireNonNull(submittedAt, "submittedAt");
  }

  /**
   * The record, checked by the rules the fleet's own requests follow, before it is stored from
   * outside (an agent in central mode): the cluster's name, the job's names ({@link SafeName}),
   * counts in range ({@link GpuAsk}), the scheduler's id, times, run time and GPU-hours that a real
   * job can have, an exit code, and a reason of one plain line ({@link OneLine}).
   *
   * @throws FleetException naming the first field that breaks its rule
   */
  public TrackedJob checked() {
    ClusterName.require(cluster, "cluster");
    if (schedulerJobId != null) {
      SchedulerJobId.require(schedulerJobId, "schedulerJobId");
    }
    SafeName.require("job name", name, "name");
    if (model != null) {
      SafeName.require("model", model, "model");
    }
    if (dataset != null) {
      SafeName.require("dataset", dataset, "dataset");
    }
    if (partition != null) {
      SafeName.require("partition/queue", partition, "partition");
    }
    GpuAsk.of(gpus == null ? 0 : gpus, nodes);
    OneLine.require("the submitter", submittedBy, Actor.MAX_LENGTH, "submittedBy");
    requireTime(submittedAt, "submittedAt");
    requireTime(startedAt, "startedAt");
    requireTime(endedAt, "endedAt");
    if (elapsedSeconds != null && (elapsedSeconds < 0 || elapsedSeconds > MAX_ELAPSED_SECONDS)) {
      throw FleetException.invalid(
          "the run time must be 0 to " + MAX_ELAPSED_SECONDS + " seconds, got " + elapsedSeconds,
          "elapsedSeconds");
    }
    if (gpuHours != null && !gpuHoursPossible()) {
      throw FleetException.invalid(
          "GPU-hours "
              + gpuHours.toPlainString()
              + " are more than "
              + (gpus == null ? "any job's" : gpus + " GPUs")
              + " can use in "
              + (elapsedSeconds == null ? "any run time" : elapsedSeconds + " seconds"),
          "gpuHours");
    }
    if (exitCode != null && (exitCode < -255 || exitCode > 65535)) {
      throw FleetException.invalid(
          "the exit code must be -255 to 65535, got " + exitCode, "exitCode");
    }
    if (reason != null && !reason.isEmpty()) {
      OneLine.require("the reason", reason, MAX_REASON, "reason");
    }
    outputPath();
    return this;
  }

  /** GPU-hours no more than the GPUs can have used in the run time (a second's rounding kept). */
  private boolean gpuHoursPossible() {
    if (gpuHours.signum() < 0 || gpuHours.precision() - gpuHours.scale() > 20) {
      return false;
    }
    long seconds = (elapsedSeconds == null ? MAX_ELAPSED_SECONDS : elapsedSeconds) + 1;
    BigDecimal most =
        BigDecimal.valueOf(gpus == null ? GpuAsk.MAX : gpus)
            .multiply(BigDecimal.valueOf(seconds))
            .divide(BigDecimal.valueOf(3600), 6, java.math.RoundingMode.UP);
    return gpuHours.compareTo(most) <= 0;
  }

  private static void requireTime(Instant at, String field) {
    if (at != null && (at.isBefore(EARLIEST) || at.isAfter(LATEST))) {
      throw FleetException.invalid(
          "the time " + at + " is not a job's: use a time from 2000 to 9999", field);
    }
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
        output == null ? null : output.pattern());
  }

  /** The same ask (cluster, name, model, dataset, GPUs, nodes, partition, output), anew. */
  public TrackedJob submittedAgain(String by, Instant at) {
    return submitting(cluster, name, model, dataset, gpus, nodes, partition, by, at, outputPath());
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
    return new TrackedJob(
        id,
        cluster,
        schedulerJobId,
        name,
        model,
        dataset,
        gpuCount == null ? gpus : gpuCount,
        nodes,
        partition,
        newState,
        submittedBy,
        submittedAt,
        started == null ? startedAt : started,
        ended == null ? endedAt : ended,
        elapsed == null ? elapsedSeconds : elapsed,
        hours == null ? gpuHours : hours,
        exit == null ? exitCode : exit,
        why == null ? null : OneLine.flattened(why, MAX_REASON),
        output);
  }

  /**
   * The same job with the scheduler's own submission time (the fleet's clock only stands in until
   * the scheduler is asked) and, when none was asked for, the partition or queue it landed in.
   */
  public TrackedJob asScheduled(Instant scheduledAt, String landedIn) {
    return new TrackedJob(
        id,
        cluster,
        schedulerJobId,
        name,
        model,
        dataset,
        gpus,
        nodes,
        partition == null ? landedIn : partition,
        state,
        submittedBy,
        scheduledAt == null ? submittedAt : scheduledAt,
        startedAt,
        endedAt,
        elapsedSeconds,
        gpuHours,
        exitCode,
        reason,
        output);
  }
}
