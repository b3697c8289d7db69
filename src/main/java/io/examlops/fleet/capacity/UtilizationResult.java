package io.examlops.fleet.capacity;

import io.examlops.fleet.model.UtilizationSample;
import java.time.Instant;
import java.util.List;

/**
 * GPUs in use over time: each cluster's samples at their own times, and the fleet's totals.
 *
 * @param since the first moment asked for
 * @param samples every cluster's samples, oldest first, each at the time it was taken
 * @param fleet the fleet's totals at each moment some cluster was sampled ({@link FleetSeries})
 * @param noData why there is nothing to draw, in words; {@code null} when there is
 */
public record UtilizationResult(
    Instant since, List<UtilizationSample> samples, List<FleetPoint> fleet, String noData) {
  public UtilizationResult {
    samples = List.copyOf(samples);
    fleet = List.copyOf(fleet);
  }

  /**
   * The fleet at one moment: the sums over the clusters whose latest sample then still stands.
   *
   * @param gpusInUse {@code null} when some of those samples did not say (unknown, never 0)
   * @param clusters how many clusters' samples were summed
   */
  public record FleetPoint(Instant at, int totalGpus, Integer gpusInUse, int clusters) {}
}
