package io.examlops.fleet.transport;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import java.nio.file.Path;

/**
 * Where and as whom to connect. The key is a path to a private key file; key material is never held
 * in a target, a configuration file or a command line.
 *
 * @param host host name or IP address
 * @param port SSH port
 * @param user remote user name
 * @param key path of the private key file (OpenSSH or PEM format)
 */
public record SshTarget(String host, int port, String user, Path key) {
  public static final int DEFAULT_PORT = 22;

  public SshTarget {
    if (host == null || host.isBlank() || host.chars().anyMatch(Character::isWhitespace)) {
      throw FleetException.invalid(
          "SSH host must be a host name or address, got " + Printable.quoted(host));
    }
    if (port < 1 || port > 65535) {
      throw FleetException.invalid("SSH port must be 1-65535, got " + port);
    }
    if (user == null || user.isBlank() || user.chars().anyMatch(Character::isWhitespace)) {
      throw FleetException.invalid("SSH user must be a user name, got " + Printable.quoted(user));
    }
    if (key == null) {
      throw FleetException.invalid("SSH key path is required (e.g. ~/.ssh/id_ed25519)");
    }
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
