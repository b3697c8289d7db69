package io.examlops.fleet.transport;

/**
 * Runs query commands on one host: the local machine or one SSH connection, which every command run
 * through it shares (and, through {@link SharedRunners}, every caller in the process). Commands are
 * shell command lines built only from constants and values quoted with {@link ShellQuote}.
 */
public interface CommandRunner extends AutoCloseable {

  /**
   * Runs one command with nothing on its standard input (closed at once, so a command that reads
   * input ends instead of hanging) and returns what it printed. A non-zero exit is a normal result,
   * not an exception; {@link TransportException} means the command could not be run or timed out.
   */
  default CommandResult run(String command) {
    return run(command, new byte[0]);
  }

  /**
   * Runs one command with {@code stdin} as its standard input, closed after the last byte. This is
   * how job scripts travel ({@code sbatch}, {@code flux batch} read them from stdin): never in the
   * command line, which other users of the host can read in the process list.
   */
  CommandResult run(String command, byte[] stdin);

  /** Where commands run, for messages: {@code local} or {@code user@host:port}. */
  String target();

  /**
   * The cluster's HTTP API, when it is reached through one instead of a shell (then {@link #run}
   * runs nothing); wrappers pass their runner's on.
   */
  default java.util.Optional<HttpApi> api() {
    return java.util.Optional.empty();
  }

  /** How many commands this runner has run (round trips), for benchmarks and audit. */
  int commandsRun();

  @Override
  void close();
}
