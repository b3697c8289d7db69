package io.examlops.fleet.model.capacity;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One cluster's line of {@code exa hpc capacity}. Figures that cannot be known are {@code null}.
 *
 * @param cluster the registered name
 * @param source where the GPU figures come from
 * @param takenAt when the snapshot was taken; {@code null} unless the source is a snapshot
 * @param totalGpus GPUs in total
 * @param idleGpus GPUs free now
 * @param gpusInUse GPUs allocated to jobs
 * @param utilizationPercent {@code gpusInUse / totalGpus}, one decimal
 * @param gpuHours tracked jobs' GPU-hours
 * @param cost {@code gpuHours.known() × rate}, two decimals: a lower bound when some jobs'
 *     GPU-hours are unknown ({@code gpuHours.complete()} is false)
 * @param sameInstanceAs the cluster registered earlier (by name) for the same scheduler instance;
 *     this line's GPUs are then left out of the fleet's totals. {@code null} otherwise
 */
public record ClusterCapacity(
    String cluster,
    Source source,
    Instant takenAt,
    Integer totalGpus,
    Integer idleGpus,
    Integer gpusInUse,
    BigDecimal utilizationPercent,
    GpuHoursTally gpuHours,
    BigDecimal cost,
    String sameInstanceAs) {

  /** The same line, marked as another registration of {@code first}'s instance. */
  public ClusterCapacity sameInstanceAs(String first) {
    return new ClusterCapacity(
        cluster,
        source,
        takenAt,
        totalGpus,
        idleGpus,
        gpusInUse,
        utilizationPercent,
        gpuHours,
        cost,
        first);
  }

  /** Where a cluster's GPU figures come from. */
  public enum Source {
    SNAPSHOT,
    /** Declared capabilities: totals and idle as recorded at probe time; use unknown. */
    DECLARED,
    /** Nothing known. */
    NONE
  }
}
