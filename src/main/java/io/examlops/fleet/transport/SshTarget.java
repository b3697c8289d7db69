package io.examlops.fleet.transport;

import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import java.nio.file.Path;
import java.util.List;

/**
 * Where and as whom to connect, and through which jump hosts. The key is a path to a private key
 * file, or none to use the ssh-agent's keys; key material is never held in a target, a
 * configuration file or a command line.
 *
 * @param host host name or IP address
 * @param port SSH port
 * @param user remote user name
 * @param key path of the private key file (OpenSSH or PEM format); {@code null}: the ssh-agent's
 * @param jumps the jump hosts, in connection order (the first is reached directly, each next one
 *     through the one before, the target through the last); empty for a direct connection
 */
public record SshTarget(String host, int port, String user, Path key, List<SshTarget> jumps) {
  public static final int DEFAULT_PORT = 22;

  /** A direct connection, authenticated by a key file. */
  public SshTarget(String host, int port, String user, Path key) {
    this(host, port, user, key, List.of());
  }

  public SshTarget {
    if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
      throw FleetException.invalid(
          "SSH host must be a host name or address, got " + Printable.quoted(host));
    }
    ConnectionRules.port(port);
    if (user == null || user.isBlank() || user.chars().anyMatch(Character::isWhitespace)) {
      throw FleetException.invalid("SSH user must be a user name, got " + Printable.quoted(user));
    }
    jumps = jumps == null ? List.of() : List.copyOf(jumps);
    if (jumps.stream().anyMatch(hop -> !hop.jumps().isEmpty())) {
      throw FleetException.invalid("a jump host's own jump hosts belong in the one list, in order");
    }
  }

  /** {@code user@host:port}, followed by {@code via} and the jump hosts when there are any. */
  public String route() {
    return jumps.isEmpty()
        ? label()
        : label() + " via " + String.join(", ", jumps.stream().map(SshTarget::label).toList());
  }

  /** {@code user@host:port}, with IPv6 addresses in brackets, for messages and audit. */
  public String label() {
    return user + "@" + hostAndPort();
  }

  /** {@code host:port}, with IPv6 addresses in brackets. */
  public String hostAndPort() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
