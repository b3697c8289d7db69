package io.examlops.fleet.capacity;

import io.examlops.fleet.capacity.UtilizationResult.FleetPoint;
import io.examlops.fleet.model.UtilizationSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fleet's GPUs in use over time, from samples each cluster takes at its own times: pure
 * arithmetic. At every moment some cluster was sampled, the fleet is the sum over each cluster's
 * latest sample so far; a sample stands for its cluster until the cluster's next one, and for at
 * most {@link #HOLD} (a cluster that stopped being sampled, or was removed, drops out of the sum
 * instead of holding an old figure forever).
 */
public final class FleetSeries {
  /**
   * How long a sample stands for its cluster without a newer one: the refresher's longest backoff.
   */
  public static final Duration HOLD = Duration.ofHours(1);

  private FleetSeries() {}

  public static List<FleetPoint> of(List<UtilizationSample> samples) {
    List<UtilizationSample> byTime =
        samples.stream().sorted(Comparator.comparing(UtilizationSample::at)).toList();
    Map<String, UtilizationSample> standing = new LinkedHashMap<>();
    List<FleetPoint> points = new ArrayList<>();
    for (int i = 0; i < byTime.size(); i++) {
      UtilizationSample sample = byTime.get(i);
      standing.put(sample.cluster(), sample);
      boolean lastAtThisMoment =
          i + 1 == byTime.size() || !byTime.get(i + 1).at().equals(sample.at());
      if (lastAtThisMoment) {
        points.add(point(sample.at(), standing));
      }
    }
    return points;
  }

  private static FleetPoint point(Instant at, Map<String, UtilizationSample> standing) {
    Instant expired = at.minus(HOLD);
    int total = 0;
    Integer inUse = 0;
    for (Iterator<UtilizationSample> it = standing.values().iterator(); it.hasNext(); ) {
      UtilizationSample s = it.next();
      if (s.at().isBefore(expired)) {
        it.remove();
        continue;
      }
      total += s.totalGpus();
      inUse = inUse == null || s.gpusInUse() == null ? null : inUse + s.gpusInUse();
    }
    return new FleetPoint(at, total, inUse, standing.size());
  }
}
