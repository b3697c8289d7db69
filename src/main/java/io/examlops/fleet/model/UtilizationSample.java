package io.examlops.fleet.model;

import java.time.Instant;

/**
 * GPUs of one cluster in use at one time, from a node snapshot.
 *
 * @param gpusInUse {@code null} when some node did not say (unknown, never 0)
 */
public record UtilizationSample(String cluster, Instant at, int totalGpus, Integer gpusInUse) {
  /** Percent of GPUs in use, one decimal; {@code null} when unknown or without GPUs. */
  public Double percent() {
    if (gpusInUse == null || totalGpus == 0) {
      return null;
    }
    return Math.round(1000.0 * gpusInUse / totalGpus) / 10.0;
  }
}
