package io.examlops.fleet.registry;

import io.examlops.fleet.model.ErrorKind;
import java.nio.file.Path;

/**
 * clusters.yaml cannot be used as it is. The message reads {@code file:line: problem; fix}; the
 * file was left untouched.
 */
public final class ClustersFileException extends RegistryException {
  private static final long serialVersionUID = 1L;

  private final int line;

  /**
   * @param line 1-based line number, or 0 when the problem concerns the whole file
   */
  public ClustersFileException(Path file, int line, String problem, String fix) {
    super(
        ErrorKind.INVALID_REGISTRY,
        file + (line > 0 ? ":" + line : "") + ": " + problem + (fix.isEmpty() ? "" : "; " + fix),
        null,
        null);
    this.line = line;
  }

  /** The 1-based line the problem is on, or 0 when it concerns the whole file. */
  public int line() {
    return line;
  }
}
