package io.examlops.fleet.capacity;

import io.examlops.fleet.model.ReadFrom;

/**
 * GPUs, utilization, GPU-hours and cost of every ACTIVE cluster ({@code exa hpc capacity}).
 *
 * @param from {@link ReadFrom#SCHEDULER}: follow unfinished jobs first (their new states are
 *     stored); {@link ReadFrom#STORE}: as last recorded, asking no scheduler
 */
public record CapacityRequest(ReadFrom from) {
  public CapacityRequest {
    from = from == null ? ReadFrom.SCHEDULER : from;
  }
}
