package io.examlops.fleet.model;

import java.util.Objects;

/**
 * A Slurm partition or a Flux queue.
 *
 * @param name its name, without Slurm's default marker
 * @param isDefault whether jobs land here when none is asked for
 * @param maxTimeMinutes the longest wall time allowed; {@code null} when unlimited or unknown
 * @param limits a Flux queue's job-size limits and state; {@code null} when not known
 */
public record PartitionInfo(
    String name, boolean isDefault, Long maxTimeMinutes, QueueLimits limits) {

  public PartitionInfo(String name, boolean isDefault, Long maxTimeMinutes) {
    this(name, isDefault, maxTimeMinutes, null);
  }

  public PartitionInfo {
    Objects.requireNonNull(name, "name");
  }
}
