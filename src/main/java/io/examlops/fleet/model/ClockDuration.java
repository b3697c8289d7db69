package io.examlops.fleet.model;

import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Clock durations in Slurm's forms, the one reader of them (here, beside the values, since a {@link
 * TimeLimit} a user writes takes the same forms): time limits as {@code sbatch -t} takes them and
 * sinfo prints them ({@code %l}), and elapsed times as squeue ({@code %M}) and sacct ({@code
 * Elapsed}) print them. Minutes and seconds after a colon are 0 to 59 and hours after a day count 0
 * to 23: Slurm never prints more, and would read more modulo its range (99 minutes is refused, not
 * 1:39).
 */
public final class ClockDuration {
  // [days-]a[:b[:c]][.fraction]: what each field means depends on the form and on the day part.
  private static final Pattern TIME =
      Pattern.compile("(?:(\\d+)-)?(\\d+)(?::(\\d+))?(?::(\\d+))?(?:\\.(\\d{1,9}))?");
  private static final Set<String> NO_TIME =
      Set.of("", "infinite", "unlimited", "n/a", "none", "invalid");

  /** The longest part read, so that a number never overflows before the range checks. */
  private static final int MAX_DIGITS = 9;

  /** Which of Slurm's forms a field takes. */
  public enum Form {
    /**
     * A time limit: {@code MM}, {@code MM:SS}, {@code HH:MM:SS}, {@code D-HH}, {@code D-HH:MM},
     * {@code D-HH:MM:SS}.
     */
    LIMIT("time limit", "MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or infinite"),
    /**
     * An elapsed time: {@code M:SS}, {@code H:MM:SS}, {@code D-HH:MM:SS}, seconds with a fraction.
     */
    ELAPSED("elapsed time", "M:SS, H:MM:SS or D-HH:MM:SS");

    private final String noun;
    private final String forms;

    Form(String noun, String forms) {
      this.noun = noun;
      this.forms = forms;
    }
  }

  /** A field beyond its clock range, such as minutes 99. */
  public static final class FieldOutOfRange extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    FieldOutOfRange(String text, String field, long value, int max) {
      super("'" + text + "': " + field + " " + value + " is out of range (0 to " + max + ")");
    }
  }

  private ClockDuration() {}

  /**
   * The duration, or {@code null} for the words Slurm prints when it has none ({@code infinite},
   * {@code UNLIMITED}, {@code N/A}, {@code NONE}, {@code INVALID}, empty).
   *
   * @throws FieldOutOfRange for a clock field beyond its range
   * @throws IllegalArgumentException for anything else, naming the accepted forms
   */
  public static Duration parse(String text, Form form) {
    String value = text == null ? "" : text.trim();
    if (NO_TIME.contains(value.toLowerCase(Locale.ROOT))) {
      return null;
    }
    Matcher m = TIME.matcher(value);
    boolean days = m.matches() && m.group(1) != null;
    int colons = m.matches() ? (m.group(3) == null ? 0 : m.group(4) == null ? 1 : 2) : -1;
    boolean accepted =
        colons >= 0
            && (form == Form.LIMIT ? m.group(5) == null : colons == 2 || (colons == 1 && !days));
    if (!accepted) {
      throw new IllegalArgumentException(
          "invalid " + form.noun + " '" + value + "': expected " + form.forms);
    }
    long d = days ? number(value, m.group(1)) : 0;
    long h;
    long min;
    long s;
    if (days) { // D-HH[:MM[:SS]]
      h = field(value, m.group(2), "hours", 23);
      min = colons >= 1 ? field(value, m.group(3), "minutes", 59) : 0;
      s = colons == 2 ? field(value, m.group(4), "seconds", 59) : 0;
    } else if (colons == 2) { // HH:MM:SS
      h = number(value, m.group(2));
      min = field(value, m.group(3), "minutes", 59);
      s = field(value, m.group(4), "seconds", 59);
    } else { // MM[:SS]
      h = 0;
      min = number(value, m.group(2));
      s = colons == 1 ? field(value, m.group(3), "seconds", 59) : 0;
    }
    String fraction = m.group(5);
    try {
      Duration whole = Duration.ofDays(d).plusHours(h).plusMinutes(min).plusSeconds(s);
      return fraction == null
          ? whole
          : whole.plusNanos(Long.parseLong((fraction + "00000000").substring(0, 9)));
    } catch (ArithmeticException e) {
      throw tooLong(value);
    }
  }

  /**
   * Whole minutes of a sinfo time limit ({@link Form#LIMIT}); {@code null} when there is none
   * ({@code infinite}) or none is known ({@code n/a}).
   */
  public static Long minutes(String text) {
    Duration limit = parse(text, Form.LIMIT);
    return limit == null ? null : limit.toMinutes();
  }

  private static long field(String text, String digits, String what, int max) {
    long value = number(text, digits);
    if (value > max) {
      throw new FieldOutOfRange(text, what, value, max);
    }
    return value;
  }

  private static long number(String text, String digits) {
    if (digits.length() > MAX_DIGITS) {
      throw tooLong(text);
    }
    return Long.parseLong(digits);
  }

  private static IllegalArgumentException tooLong(String text) {
    return new IllegalArgumentException("'" + text + "' is too long to be a time of D-HH:MM:SS");
  }
}
