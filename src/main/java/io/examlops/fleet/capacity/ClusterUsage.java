package io.examlops.fleet.capacity;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.scheduler.NodeInventory;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * What the registry knows of one ACTIVE cluster; the caller fills it and leaves other clusters out.
 *
 * @param cluster the registered name
 * @param snapshot the latest node snapshot; {@code null} when none
 * @param declared declared capabilities; {@code null} when none
 * @param gpuHours the tracked jobs' GPU-hours, tallied by the store that holds them
 * @param instance what identifies the scheduler instance behind the cluster, when that can be told
 *     (a Flux instance's URI and nodes); clusters with the same one are one instance, whose GPUs
 *     are counted once. {@code null}: distinct from every other cluster
 */
public record ClusterUsage(
    String cluster,
    NodeInventory snapshot,
    ClusterCaps declared,
    GpuHoursTally gpuHours,
    String instance) {

  public ClusterUsage {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(gpuHours, "gpuHours");
  }

  /** With each job's GPU-hours, {@code null} where unknown. */
  public ClusterUsage(
      String cluster,
      NodeInventory snapshot,
      ClusterCaps declared,
      List<BigDecimal> jobGpuHours,
      String instance) {
    this(cluster, snapshot, declared, GpuHoursTally.of(jobGpuHours), instance);
  }
}
