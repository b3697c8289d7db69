package io.examlops.fleet.scheduler;

import io.examlops.fleet.scheduler.flux.FluxDuration;
import io.examlops.fleet.scheduler.slurm.SlurmTime;
import java.time.Duration;

/**
 * Job time limits as users write them (Slurm's {@code -t} forms and Flux standard durations) and as
 * each scheduler takes them. A bare number is minutes in both schedulers.
 */
public final class TimeLimits {
  private static final String FORMS =
      "use minutes (90), [H:]M:S (2:00:00), D-H[:M[:S]] (1-12:00), or a duration with a unit (90s,"
          + " 30m, 1.5h, 2d), above 0";

  private TimeLimits() {}

  /**
   * Reads {@code 90} (minutes), {@code 30:00} (minutes:seconds), {@code 2:00:00}, {@code 1-12}
   * (days-hours), {@code 1-12:30}, {@code 1-12:30:00} as Slurm reads them, or a Flux duration
   * {@code 90s}, {@code 1.5h}, {@code 2d}. Fractions of a second are rounded up. Minutes and
   * seconds after a colon are 0 to 59, and hours after a day count 0 to 23.
   *
   * @throws IllegalArgumentException naming the accepted forms
   */
  public static Duration parse(String text) {
    String t = text == null ? "" : text.strip();
    Duration limit;
    try {
      limit =
          FluxDuration.hasUnit(t)
              ? FluxDuration.parse(t)
              : SlurmTime.parse(t, SlurmTime.Form.LIMIT);
    } catch (SlurmTime.FieldOutOfRange e) {
      throw new IllegalArgumentException(
          "time limit "
              + e.getMessage()
              + "; write e.g. 1-01:30:00 for a day, an hour and a half, or 90 for 90 minutes");
    } catch (IllegalArgumentException e) {
      throw notUnderstood(text);
    }
    if (limit == null || limit.isZero() || t.isEmpty()) {
      throw notUnderstood(text);
    }
    long seconds = limit.getSeconds() + (limit.getNano() > 0 ? 1 : 0);
    return Duration.ofSeconds(seconds);
  }

  private static IllegalArgumentException notUnderstood(String text) {
    return new IllegalArgumentException("time limit '" + text + "' is not understood: " + FORMS);
  }

  /** Slurm's {@code -t} form: {@code HH:MM:SS}, or {@code D-HH:MM:SS} from one day on. */
  public static String slurm(Duration limit) {
    long s = limit.getSeconds();
    String clock = String.format("%02d:%02d:%02d", s / 3600 % 24, s / 60 % 60, s % 60);
    return s >= 86400 ? s / 86400 + "-" + clock : clock;
  }

  /** Flux's {@code -t} form: whole seconds with the unit, e.g. {@code 5400s}. */
  public static String flux(Duration limit) {
    return limit.getSeconds() + "s";
  }
}
