package io.examlops.fleet.hostlist;

/**
 * A hostlist, idset or host name that cannot be read or written; the message quotes the input
 * (shortened when very long) and says what is wrong.
 */
public final class HostlistException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private static final int QUOTE_LIMIT = 160;

  private final String input;
  private final String problem;

  public HostlistException(String input, String problem) {
    this("hostlist", input, problem);
  }

  private HostlistException(String kind, String input, String problem) {
    super("invalid " + kind + " " + quote(input) + ": " + problem);
    this.input = input;
    this.problem = problem;
  }

  static HostlistException idset(String input, String problem) {
    return new HostlistException("idset", input, problem);
  }

  static HostlistException hostName(String input, String problem) {
    return new HostlistException("host name", input, problem);
  }

  /** The text that could not be read, in full. */
  public String input() {
    return input;
  }

  /** What is wrong with it, without the quoted input. */
  public String problem() {
    return problem;
  }

  private static String quote(String input) {
    if (input.length() <= QUOTE_LIMIT) {
      return "'" + input + "'";
    }
    return "'" + input.substring(0, QUOTE_LIMIT) + "...' (" + input.length() + " characters)";
  }
}
