package io.examlops.fleet.transport;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;

/**
 * A command could not be run on a host. The message names the host, the step that failed and what
 * to do about it; it never contains key material.
 */
public final class TransportException extends FleetException {
  private static final long serialVersionUID = 1L;

  /** The step of reaching a host that failed. */
  public enum Step {
    RESOLVE(ErrorKind.HOST_UNRESOLVED),
    CONNECT(ErrorKind.CONNECT_FAILED),
    HOST_KEY(ErrorKind.HOST_KEY_REFUSED),
    AUTHENTICATION(ErrorKind.AUTHENTICATION_FAILED),
    COMMAND(ErrorKind.REMOTE_COMMAND_FAILED),
    TIMEOUT(ErrorKind.TIMED_OUT);

    private final ErrorKind kind;

    Step(ErrorKind kind) {
      this.kind = kind;
    }
  }

  private final String target;
  private final Step step;

  public TransportException(String target, Step step, String message, Throwable cause) {
    this(target, step, message, null, cause);
  }

  /** A failure that {@code hint} would fix. */
  public TransportException(String target, Step step, String message, Hint hint, Throwable cause) {
    super(
        step.kind,
        target
            + ": "
            + step.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
            + " failed: "
            + message,
        hint,
        cause);
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
