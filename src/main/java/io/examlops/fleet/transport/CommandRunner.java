package io.examlops.fleet.transport;

/**
 * Runs query commands on one host: the local machine or one SSH connection that every command of
 * a probe run shares. Commands are shell command lines built only from constants and values
 * quoted with {@link ShellQuote}.
 */
public interface CommandRunner extends AutoCloseable {

  /**
   * Runs one command and returns what it printed. A non-zero exit is a normal result, not an
   * exception; {@link TransportException} means the command could not be run or timed out.
   */
  CommandResult run(String command);

  /** Where commands run, for messages: {@code local} or {@code user@host:port}. */
  String target();

  /** How many commands this runner has run (round trips), for benchmarks and audit. */
  int commandsRun();

  @Override
  void close();
}
