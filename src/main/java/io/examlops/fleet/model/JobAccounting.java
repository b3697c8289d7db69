package io.examlops.fleet.model;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What a scheduler's own accounting says about one job (Slurm {@code sacct}, Flux {@code flux jobs
 * -a}): the facts a tracker follows to the end and GPU-hours come from. Figures the scheduler did
 * not give are {@code null}, never 0.
 *
 * @param scheduler which workload manager answered
 * @param id the job id (see {@link QueueEntry#id()})
 * @param name the job name
 * @param user the owner's user name
 * @param account Slurm account or Flux bank; {@code null} when not reported
 * @param partition Slurm partition or Flux queue; {@code null} when none
 * @param state normalized state
 * @param rawState the scheduler's own state word (e.g. {@code CANCELLED by 1001})
 * @param exitCode the exit status of the job's script or command; {@code null} when not known
 * @param signal the signal that ended it; {@code null} when none or not known
 * @param elapsed wall time it ran (so far, while running); {@code null} when not known
 * @param start when it started; {@code null} when it has not (or the scheduler does not say)
 * @param end when it ended; {@code null} while it runs or when not known
 * @param nodes nodes allocated; {@code null} when not known
 * @param nodeList the nodes it ran on as a hostlist expression; {@code null} when none
 * @param gpus GPUs it holds or held; for a job never allocated, the GPUs it asks for; {@code null}
 *     when the accounting cannot tell (see {@code docs/scheduling.md}, "Job states, queue and
 *     accounting")
 */
public record JobAccounting(
    SchedulerKind scheduler,
    String id,
    String name,
    String user,
    String account,
    String partition,
    JobState state,
    String rawState,
    Integer exitCode,
    Integer signal,
    Duration elapsed,
    Instant start,
    Instant end,
    Integer nodes,
    String nodeList,
    Integer gpus) {

  public JobAccounting {
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(state, "state");
    rawState = rawState == null ? "" : rawState;
  }

  /** GPU-hours consumed so far; {@code null} when unknown (see {@link GpuHours#of}). */
  public BigDecimal gpuHours() {
    return GpuHours.of(elapsed, gpus);
  }

  /** The same record with a GPU count learnt elsewhere (for Flux: from the job's R). */
  public JobAccounting withGpus(Integer newGpus) {
    return new JobAccounting(
        scheduler, id, name, user, account, partition, state, rawState, exitCode, signal, elapsed,
        start, end, nodes, nodeList, newGpus);
  }

  /** A job of which nothing is known but its id and {@code state}. */
  public static JobAccounting only(SchedulerKind scheduler, String id, JobState state) {
    return new JobAccounting(
        scheduler, id, null, null, null, null, state, "", null, null, null, null, null, null, null,
        null);
  }
}
