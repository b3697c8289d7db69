package io.examlops.fleet.transport;

/**
 * What one command printed.
 *
 * @param command the command line that ran
 * @param exitCode its exit status (127: command not found)
 * @param stdout standard output, UTF-8 decoded
 * @param stderr standard error, UTF-8 decoded
 * @param truncated whether output was cut at the runner's size cap
 */
public record CommandResult(
    String command, int exitCode, String stdout, String stderr, boolean truncated) {

  public boolean ok() {
    return exitCode == 0;
  }

  /** 127 from a shell, or the shell's own "not found" message. */
  public boolean commandNotFound() {
    return exitCode == 127 || (exitCode != 0 && stderr.contains("command not found"));
  }
}
