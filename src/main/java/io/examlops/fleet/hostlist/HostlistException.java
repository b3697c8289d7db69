package io.examlops.fleet.hostlist;

/** A hostlist or idset that cannot be read; the message quotes the input and what is wrong. */
public final class HostlistException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public HostlistException(String input, String problem) {
    super("invalid hostlist '" + input + "': " + problem);
  }
}
