package io.examlops.fleet.registry;

import io.examlops.fleet.model.ErrorKind;
import java.nio.file.Path;

/**
 * A stored file (platform.db or clusters.yaml) cannot be used as it is: damaged, emptied, not a
 * database, read-only or immutable, on a full disk, or not accessible to this user. The message
 * names the file, says what is wrong and what to do (restore from a backup, recover, free space,
 * fix permissions); nothing stored was changed by the refused operation.
 */
public class StoreException extends RegistryException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  public StoreException(Path file, String message) {
    super(ErrorKind.STORE, message, null, null);
    this.file = file;
  }

  public StoreException(Path file, String message, Throwable cause) {
    super(ErrorKind.STORE, message, null, cause);
    this.file = file;
  }

  /** The file concerned. */
  public Path file() {
    return file;
  }
}
