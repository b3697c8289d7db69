package io.examlops.fleet.scheduler;

import java.util.ArrayList;
import java.util.List;

/**
 * One non-blank line of a command's output, with its number for the messages that point at it
 * ({@link ProbeException#badLine}): numbers count every line, blank ones too, from 1.
 *
 * @param number the line's number in the output
 * @param text the line as printed
 */
public record OutputLine(int number, String text) {

  /** The non-blank lines of a command's output, in order; none for {@code null}. */
  public static List<OutputLine> nonBlank(String output) {
    List<OutputLine> lines = new ArrayList<>();
    if (output == null) {
      return lines;
    }
    String[] all = output.split("\\R");
    for (int i = 0; i < all.length; i++) {
      if (!all[i].isBlank()) {
        lines.add(new OutputLine(i + 1, all[i]));
      }
    }
    return lines;
  }

  /** {@code cannot read line N of `command`: problem (line: '...')}. */
  public ProbeException unreadable(String command, String problem) {
    return ProbeException.badLine(command, number, text, problem);
  }
}
