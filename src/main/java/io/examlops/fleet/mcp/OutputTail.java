package io.examlops.fleet.mcp;

import io.examlops.fleet.model.FleetException;

/**
 * The last lines of a job's output, which is all an agent asking why a job failed needs, and which
 * keeps a long log out of its context.
 *
 * @param text the last {@code shown} lines, each with its line end as written
 * @param shown how many lines {@code text} holds
 * @param total how many lines the output has
 */
record OutputTail(String text, int shown, int total) {
  /** Lines shown when a caller names no count. */
  static final int DEFAULT = 100;

  /** The most lines one answer holds: enough for why a job failed, not a whole log. */
  static final int MOST = 1000;

  /**
   * The count of lines to show: the one asked for, else {@link #DEFAULT}.
   *
   * @throws FleetException naming {@code lines} when it is not from 1 to {@link #MOST}
   */
  static int lines(Integer asked) {
    if (asked == null) {
      return DEFAULT;
    }
    if (asked < 1 || asked > MOST) {
      throw FleetException.invalid(
          "lines is " + asked + ": give a count of lines from 1 to " + MOST, "lines");
    }
    return asked;
  }

  /**
   * The last {@code lines} lines of {@code output}, lines ended by {@code \n} (a last line without
   * one counts too).
   */
  static OutputTail of(String output, int lines) {
    if (lines < 1) {
      throw new IllegalArgumentException("lines must be 1 or more, not " + lines);
    }
    if (output.isEmpty()) {
      return new OutputTail("", 0, 0);
    }
    int body = output.endsWith("\n") ? output.length() - 1 : output.length();
    int total = 1 + (int) output.substring(0, body).chars().filter(c -> c == '\n').count();
    int start = body;
    int shown = 0;
    int end = body;
    while (shown < lines) {
      int newline = output.lastIndexOf('\n', end - 1);
      start = newline + 1;
      shown++;
      if (newline < 0) {
        break;
      }
      end = newline;
    }
    return new OutputTail(output.substring(start), shown, total);
  }
}
