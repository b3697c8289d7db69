package io.examlops.fleet.capacity;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.scheduler.NodeInventory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * What the registry knows of one ACTIVE cluster; the caller fills it and leaves other clusters out.
 *
 * @param cluster the registered name
 * @param snapshot the latest node snapshot; {@code null} when none
 * @param declared declared capabilities; {@code null} when none
 * @param jobGpuHours each tracked job's GPU-hours, {@code null} where unknown
 * @param instance what identifies the scheduler instance behind the cluster, when that can be told
 *     (a Flux instance's URI and nodes); clusters with the same one are one instance, whose GPUs
 *     are counted once. {@code null}: distinct from every other cluster
 */
public record ClusterUsage(
    String cluster,
    NodeInventory snapshot,
    ClusterCaps declared,
    List<BigDecimal> jobGpuHours,
    String instance) {

  public ClusterUsage {
    Objects.requireNonNull(cluster, "cluster");
    // List.copyOf refuses nulls, and null is how an unknown figure is written.
    jobGpuHours = Collections.unmodifiableList(new ArrayList<>(jobGpuHours));
  }
}
