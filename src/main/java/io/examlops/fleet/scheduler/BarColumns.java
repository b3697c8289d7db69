package io.examlops.fleet.scheduler;

import java.util.regex.Pattern;

/**
 * A line of {@code |}-separated columns, as {@code squeue}, {@code sacct -P} and {@code flux jobs
 * -o} print them in the format the fleet gave: the one splitter and the one wording for a line that
 * does not fit.
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
}
