package io.examlops.fleet.cli;

/** A failure a command reports on purpose, with its exit code and a machine-readable kind. */
final class CommandFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int exitCode;
  private final String kind;

  CommandFailure(int exitCode, String kind, String message) {
    super(message);
    this.exitCode = exitCode;
    this.kind = kind;
  }

  int exitCode() {
    return exitCode;
  }

  String kind() {
    return kind;
  }
}
