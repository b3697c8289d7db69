package io.examlops.fleet.settings;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.UnitDuration;
import java.time.Duration;
import java.util.function.Function;

/**
 * How a job submitted through the console is kept from running on unwatched: whoever waits on it
 * asks about it at least every {@code renew}; a lease nobody renewed for {@code lapse} has lapsed
 * (the agent was killed or lost its network), and the console cancels the job {@code grace} later
 * unless someone follows it again. The agent reads {@code renew}, the console the other two.
 */
public record LeaseSettings(Duration renew, Duration lapse, Duration grace) {
  public static final LeaseSettings DEFAULTS =
      new LeaseSettings(Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMinutes(1));

  public LeaseSettings {
    if (renew.compareTo(lapse) >= 0) {
      throw FleetException.invalid(
          Variables.LEASE_RENEW
              + " ("
              + renew.toSeconds()
              + " s) must be shorter than "
              + Variables.LEASE_LAPSE
              + " ("
              + lapse.toSeconds()
              + " s), or every lease lapses between two renewals; shorten the first or lengthen"
              + " the second");
    }
  }

  /** A lapsed lease cancels its job this long after its last renewal. */
  public Duration cancelAfter() {
    return lapse.plus(grace);
  }

  static LeaseSettings of(Function<String, String> variable) {
    return new LeaseSettings(
        duration(variable, Variables.LEASE_RENEW, DEFAULTS.renew(), Duration.ofSeconds(1)),
        duration(variable, Variables.LEASE_LAPSE, DEFAULTS.lapse(), Duration.ofSeconds(2)),
        duration(variable, Variables.LEASE_GRACE, DEFAULTS.grace(), Duration.ZERO));
  }

  private static Duration duration(
      Function<String, String> variable, String name, Duration unset, Duration least) {
    String text = variable.apply(name);
    if (text == null) {
      return unset;
    }
    Duration value;
    try {
      value = UnitDuration.parse(text);
    } catch (IllegalArgumentException e) {
      value = null;
    }
    if (value == null || value.compareTo(least) < 0 || value.compareTo(Duration.ofDays(7)) > 0) {
      throw FleetException.invalid(
          name
              + " must be a duration from "
              + least.toSeconds()
              + " s to 7 days, with a unit (30s, 2m, 1h); got "
              + Printable.quoted(text));
    }
    return value;
  }
}
