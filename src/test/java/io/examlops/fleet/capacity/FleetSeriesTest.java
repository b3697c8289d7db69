package io.examlops.fleet.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.capacity.UtilizationResult.FleetPoint;
import io.examlops.fleet.model.UtilizationSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fleet's totals over clusters sampled at their own times. */
class FleetSeriesTest {
  private static final Instant T0 = Instant.parse("2026-12-01T14:00:00Z");

  private static Instant at(int minutes) {
    return T0.plus(Duration.ofMinutes(minutes));
  }

  @Test
  void eachMomentSumsEachClustersLatestSample() {
    List<FleetPoint> fleet =
        FleetSeries.of(
            List.of(
                new UtilizationSample("b", at(7), 2, 1),
                new UtilizationSample("a", at(0), 4, 1),
                new UtilizationSample("a", at(10), 4, 3),
                new UtilizationSample("b", at(10), 2, 2)));

    assertThat(fleet)
        .containsExactly(
            new FleetPoint(at(0), 4, 1, 1),
            new FleetPoint(at(7), 6, 2, 2),
            new FleetPoint(at(10), 6, 5, 2));
  }

  @Test
  void anUnknownCountMakesTheFleetsUnknownAndAnOldSampleDropsOut() {
    List<FleetPoint> fleet =
        FleetSeries.of(
            List.of(
                new UtilizationSample("a", at(0), 4, null),
                new UtilizationSample("b", at(5), 2, 1),
                new UtilizationSample("b", at(5).plus(FleetSeries.HOLD), 2, 0)));

    assertThat(fleet.get(1).gpusInUse()).as("a did not say").isNull();
    assertThat(fleet.get(2))
        .as("a's sample no longer stands an hour later")
        .isEqualTo(new FleetPoint(at(5).plus(FleetSeries.HOLD), 2, 0, 1));
  }
}
