package io.examlops.fleet.model;

import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * One compute node in the normalized vocabulary.
 *
 * @param name host name as the scheduler knows it
 * @param cpus CPUs (cores or hardware threads, as the scheduler counts them)
 * @param memoryMb real memory in MiB; 0 when the scheduler does not report it
 * @param gpus GPUs by type; empty for a node without GPUs
 * @param gpusInUse GPUs allocated to jobs now, or {@code null} when the scheduler did not say
 * @param state normalized state
 * @param rawState the scheduler's own state word(s), kept for display and audit
 * @param partitions partitions (Slurm) or queues (Flux) the node belongs to, in scheduler order
 * @param features features (Slurm) or properties (Flux); empty where the scheduler has none
 * @param reason why the node takes no work, in the scheduler's words (an admin's drain reason);
 *     {@code null} when it gives none
 */
public record NodeInfo(
    String name,
    int cpus,
    long memoryMb,
    List<GpuGroup> gpus,
    Integer gpusInUse,
    NodeState state,
    String rawState,
    List<String> partitions,
    List<String> features,
    String reason) {

  public NodeInfo {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
    gpus = List.copyOf(gpus);
    partitions = List.copyOf(partitions);
    features = List.copyOf(features);
    rawState = rawState == null ? "" : rawState;
    reason = reason == null || reason.isBlank() ? null : reason;
    // Fields are assigned only after this block, so count from the parameter, not gpuCount().
    int count = gpus.stream().mapToInt(GpuGroup::count).sum();
    if (gpusInUse != null && (gpusInUse < 0 || gpusInUse > count)) {
      gpusInUse = Math.max(0, Math.min(gpusInUse, count));
    }
  }

  /** All GPUs of the node, whatever their type. */
  public int gpuCount() {
    return gpuCount(null);
  }

  /** GPUs of the node matching a type (any type when {@code type} is null). */
  public int gpuCount(String type) {
    // a loop, not a stream: placement asks this of every node of every cluster several times
    int count = 0;
    for (GpuGroup group : gpus) {
      if (group.matches(type)) {
        count += group.count();
      }
    }
    return count;
  }

  /** Distinct GPU types, in order; empty when the scheduler gave none. */
  public List<String> gpuTypes() {
    return gpus.stream().map(GpuGroup::type).filter(Objects::nonNull).distinct().toList();
  }

  /**
   * GPUs that a new job could get now: none on a node that takes no work; all of them on an idle
   * node; on a mixed node the unused ones, or unknown when the scheduler did not say how many are
   * in use.
   */
  public OptionalInt idleGpus() {
    if (!state.acceptsWork()) {
      return OptionalInt.of(0);
    }
    if (state == NodeState.IDLE) {
      return OptionalInt.of(gpusInUse == null ? gpuCount() : gpuCount() - gpusInUse);
    }
    return gpusInUse == null ? OptionalInt.empty() : OptionalInt.of(gpuCount() - gpusInUse);
  }

  public boolean inPartition(String partition) {
    return partition == null || partitions.contains(partition);
  }
}
