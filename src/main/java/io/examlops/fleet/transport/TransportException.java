package io.examlops.fleet.transport;

/**
 * A command could not be run on a host. The message names the host, the step that failed and
 * what to do about it; it never contains key material.
 */
public final class TransportException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The step of reaching a host that failed. */
  public enum Step {
    RESOLVE,
    CONNECT,
    HOST_KEY,
    AUTHENTICATION,
    COMMAND,
    TIMEOUT
  }

  private final String target;
  private final Step step;

  public TransportException(String target, Step step, String message, Throwable cause) {
    super(target + ": " + step.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
        + " failed: " + message, cause);
    this.target = target;
    this.step = step;
  }

  public TransportException(String target, Step step, String message) {
    this(target, step, message, null);
  }

  public String target() {
    return target;
  }

  public Step step() {
    return step;
  }
}
