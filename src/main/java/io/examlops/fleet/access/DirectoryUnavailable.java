package io.examlops.fleet.access;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;

/**
 * The console's directory could not be asked: it cannot be reached, did not answer in time, its TLS
 * failed, or it refused the console's own bind. What needed its answer is refused: nobody signs in,
 * and nobody decides, on what the directory said before.
 */
public final class DirectoryUnavailable extends FleetException {
  private static final long serialVersionUID = 1L;

  DirectoryUnavailable(ErrorKind kind, String message, Throwable cause) {
    super(kind, message, null, cause);
  }
}
