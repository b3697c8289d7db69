package io.examlops.fleet.scheduler;

import java.util.regex.Pattern;

/**
 * A line of {@code |}-separated columns, as {@code squeue}, {@code sacct -P} and {@code flux jobs
 * -o} print them in the format the fleet gave: the one splitter and the one wording for a line that
 * does not fit, or for a column that should hold a whole number and does not.
 */
public final class BarColumns {
  private static final Pattern BAR = Pattern.compile("\\|");

  private BarColumns() {}

  /**
   * The line's {@code count} columns, unstripped; the last keeps any further {@code |}.
   *
   * @param format the format argument the command was given, for the message
   * @param tool the command as the message names it, e.g. {@code sacct -P}
   * @throws IllegalArgumentException when the line has fewer columns
   */
  public static String[] split(String line, int count, String format, String tool) {
    String[] parts = BAR.split(line, count);
    if (parts.length != count) {
      throw new IllegalArgumentException(
          "expected "
              + count
              + " '|'-separated fields ("
              + format
              + "), found "
              + parts.length
              + "; was "
              + tool
              + " run with exactly this format?");
    }
    return parts;
  }

  /**
   * A column's whole number; {@code null} for {@code null} (the parser's reading of an empty
   * value).
   *
   * @param column the column as the message names it, e.g. {@code NNodes}
   * @throws IllegalArgumentException {@code NNodes 'x' is not a whole number}
   */
  public static Integer wholeNumber(String column, String value) {
    if (value == null) {
      return null;
    }
    try {
      return Integer.valueOf(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(column + " '" + value + "' is not a whole number");
    }
  }
}
