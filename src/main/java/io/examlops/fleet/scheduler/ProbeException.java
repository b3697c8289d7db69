package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;

/**
 * A scheduler answered with something a probe cannot read, or refused a query. The message says
 * which command, where in its output, and what to check.
 */
public final class ProbeException extends FleetException {
  private static final long serialVersionUID = 1L;

  public ProbeException(String message) {
    super(ErrorKind.SCHEDULER_REFUSED, message);
  }

  public ProbeException(String message, Throwable cause) {
    super(ErrorKind.SCHEDULER_REFUSED, message, null, cause);
  }

  /** A parse failure at one line of one command's output. */
  public static ProbeException badLine(
      String command, int lineNumber, String line, String problem) {
    return new ProbeException(
        "cannot read line "
            + lineNumber
            + " of `"
            + command
            + "`: "
            + problem
            + " (line: '"
            + abbreviate(line)
            + "')");
  }

  private static String abbreviate(String line) {
    return line.length() <= 200 ? line : line.substring(0, 200) + "…";
  }
}
