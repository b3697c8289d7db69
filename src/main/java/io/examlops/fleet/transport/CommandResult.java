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

  /** {@code `squeue -h` failed on user@host with exit 1}: the command, where, and its status. */
  public String failedOn(String target) {
    return "`" + command + "` failed on " + target + " with exit " + exitCode;
  }

  /**
   * What the command said, in one line for a message: its stderr (its stdout when stderr is empty),
   * the first four lines joined with {@code " | "}, cut at 400 characters; empty when it said
   * nothing.
   */
  public String saidInOneLine() {
    String said = stderr.strip();
    if (said.isEmpty()) {
      said = stdout.strip();
    }
    String oneLine = String.join(" | ", said.lines().limit(4).toList());
    return oneLine.length() <= 400 ? oneLine : oneLine.substring(0, 400) + "…";
  }

  /**
   * The last line the command wrote on stderr (tools print their usage first and the error last),
   * else its exit status: {@code exit status 1}.
   */
  public String lastErrorLine() {
    return stderr.strip().lines().reduce((a, b) -> b).orElse("exit status " + exitCode);
  }
}
