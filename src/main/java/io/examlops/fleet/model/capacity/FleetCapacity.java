package io.examlops.fleet.model.capacity;

import java.math.BigDecimal;
import java.util.List;

/**
 * {@code exa hpc capacity}: every ACTIVE cluster and the fleet's totals. A fleet figure is {@code
 * null} when any cluster's is; GPU-hours add up known figures and count unknown jobs apart.
 *
 * @param clusters one line per cluster, by name
 * @param rate price of one GPU-hour
 * @param currency what {@code rate} and every cost are in: an ISO 4217 code
 * @param totalGpus GPUs in the fleet
 * @param idleGpus GPUs free now
 * @param utilizationPercent GPUs in use over GPUs in total
 * @param gpuHours all tracked jobs' GPU-hours
 * @param cost {@code gpuHours.known() × rate}; a lower bound when some are unknown
 */
public record FleetCapacity(
    List<ClusterCapacity> clusters,
    BigDecimal rate,
    String currency,
    Integer totalGpus,
    Integer idleGpus,
    BigDecimal utilizationPercent,
    GpuHoursTally gpuHours,
    BigDecimal cost) {
  public FleetCapacity {
    clusters = List.copyOf(clusters);
  }
}
