package io.examlops.fleet.model;

import java.time.Duration;
import java.util.Objects;

/**
 * One line of a scheduler's live queue, normalized. Figures the scheduler did not give are {@code
 * null}, never 0.
 *
 * @param scheduler which workload manager listed it
 * @param id the job id as the scheduler's own commands accept it: Slurm {@code 42}, {@code 5_0}, or
 *     a pending array {@code 5_[2-3%2]}; Flux in ASCII F58 ({@code fCvnbsqR})
 * @param name the job name
 * @param user the owner's user name
 * @param state normalized state
 * @param rawState the scheduler's own state word, kept for display and audit
 * @param partition Slurm partition or Flux queue; {@code null} when the scheduler has none
 * @param nodes nodes allocated (or requested while pending); {@code null} when unknown
 * @param cpus CPUs (Slurm) or cores (Flux) allocated or requested; {@code null} when unknown
 * @param gpus GPUs allocated or requested; {@code null} when the output cannot tell
 * @param elapsed run time so far (or in total once ended); {@code null} when unknown
 * @param reason why a pending job waits (Slurm reason, Flux hold/dependency info); {@code null}
 *     when none
 * @param nodeList the nodes it runs on as a hostlist expression; {@code null} when none
 */
public record QueueEntry(
    SchedulerKind scheduler,
    String id,
    String name,
    String user,
    JobState state,
    String rawState,
    String partition,
    Integer nodes,
    Integer cpus,
    Integer gpus,
    Duration elapsed,
    String reason,
    String nodeList) {

  public QueueEntry {
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(state, "state");
    rawState = rawState == null ? "" : rawState;
  }

  /** The same entry with a GPU count learnt elsewhere (for Flux: from the job's R). */
  public QueueEntry withGpus(Integer newGpus) {
    return new QueueEntry(
        scheduler, id, name, user, state, rawState, partition, nodes, cpus, newGpus, elapsed,
        reason, nodeList);
  }
}
