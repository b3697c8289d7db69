package io.examlops.fleet.model;

import java.time.Duration;

/**
 * A job's wall-clock limit as users write it, the one rule for it: minutes ({@code 90}), a clock
 * ({@code 2:00:00}, {@code 1-12:00}) as Slurm's {@code -t} reads it, or a duration with a unit
 * ({@code 90s}, {@code 1.5h}, {@code 2d}) as Flux's does. Each scheduler's adapter writes it in its
 * own form.
 */
public final class TimeLimit {
  private static final String FORMS =
      "use minutes (90), [H:]M:S (2:00:00), D-H[:M[:S]] (1-12:00), or a duration with a unit (90s,"
          + " 30m, 1.5h, 2d), of at least one second";

  private TimeLimit() {}

  /**
   * The limit {@code text} gives, in whole seconds (a fraction is rounded up); {@code null} when
   * none is given. Minutes and seconds after a colon are 0 to 59, hours after a day count 0 to 23.
   *
   * @throws FleetException naming the field {@code time} and the accepted forms
   */
  public static Duration parseOrNull(String text) {
    if (text == null) {
      return null;
    }
    String t = text.strip();
    Duration limit;
    try {
      limit =
          UnitDuration.hasUnit(t)
              ? UnitDuration.parse(t)
              : ClockDuration.parse(t, ClockDuration.Form.LIMIT);
    } catch (ClockDuration.FieldOutOfRange e) {
      throw FleetException.invalid(
          "time limit "
              + e.getMessage()
              + "; write e.g. 1-01:30:00 for a day, an hour and a half, or 90 for 90 minutes",
          "time");
    } catch (IllegalArgumentException e) {
      throw notUnderstood(text);
    }
    if (limit == null || t.isEmpty()) {
      throw notUnderstood(text);
    }
    if (limit.isNegative() || limit.isZero()) {
      throw tooShort("'" + text + "'");
    }
    return Duration.ofSeconds(limit.getSeconds() + (limit.getNano() > 0 ? 1 : 0));
  }

  /**
   * The rule every limit keeps, however it was given: {@code null} (the scheduler's default) or at
   * least one second.
   *
   * @return {@code limit}
   * @throws FleetException naming the field {@code time}
   */
  public static Duration require(Duration limit) {
    if (limit != null && (limit.isNegative() || limit.getSeconds() < 1)) {
      throw tooShort("of " + limit.toMillis() + " ms");
    }
    return limit;
  }

  private static FleetException tooShort(String shown) {
    return FleetException.invalid(
        "time limit " + shown + " is shorter than one second: " + FORMS, "time");
  }

  private static FleetException notUnderstood(String text) {
    return FleetException.invalid("time limit '" + text + "' is not understood: " + FORMS, "time");
  }
}
