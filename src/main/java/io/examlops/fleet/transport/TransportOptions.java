package io.examlops.fleet.transport;

import io.examlops.fleet.model.FleetException;
import java.time.Duration;

/**
 * Limits every runner applies.
 *
 * @param connectTimeout how long reaching an SSH server may take: TCP connect, and each wait for
 *     the server during the handshake
 * @param commandTimeout how long one command may run before it is killed
 * @param maxOutputBytes how much of stdout, and separately of stderr, is kept per command; the rest
 *     is read and discarded so the command never blocks on a full pipe
 * @param maxChannels how many commands may run at once over one SSH connection, each on its own
 *     channel; the next waits for one to end
 */
public record TransportOptions(
    Duration connectTimeout, Duration commandTimeout, int maxOutputBytes, int maxChannels) {

  /**
   * Below OpenSSH's default {@code MaxSessions 10}: past it sshd refuses a channel, and the command
   * would fail instead of waiting its turn.
   */
  public static final int DEFAULT_MAX_CHANNELS = 8;

  public static final TransportOptions DEFAULTS =
      new TransportOptions(Duration.ofSeconds(10), Duration.ofSeconds(60), 16 * 1024 * 1024);

  /** With {@link #DEFAULT_MAX_CHANNELS} channels per connection. */
  public TransportOptions(Duration connectTimeout, Duration commandTimeout, int maxOutputBytes) {
    this(connectTimeout, commandTimeout, maxOutputBytes, DEFAULT_MAX_CHANNELS);
  }

  public TransportOptions {
    requirePositive("connect timeout", connectTimeout);
    requirePositive("command timeout", commandTimeout);
    if (maxOutputBytes <= 0) {
      throw FleetException.invalid(
          "the output cap must be a positive number of bytes, got " + maxOutputBytes);
    }
    if (maxChannels <= 0) {
      throw FleetException.invalid(
          "the channels per SSH connection must be a positive number, got " + maxChannels);
    }
  }

  private static void requirePositive(String name, Duration value) {
    if (value == null || value.isZero() || value.isNegative()) {
      throw FleetException.invalid("the " + name + " must be positive, got " + value);
    }
    if (value.toMillis() > Integer.MAX_VALUE) {
      throw FleetException.invalid("the " + name + " is too long: " + value);
    }
  }

  /** For messages: {@code 10 s}, {@code 1.5 s}. */
  static String seconds(Duration value) {
    long millis = value.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
  }
}
