package io.examlops.fleet.transport;

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
      throw new IllegalArgumentException(
          "SSH host must be a host name or address, got " + Printable.quoted(host));
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("SSH port must be 1-65535, got " + port);
    }
    if (user == null || user.isBlank() || user.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "SSH user must be a user name, got " + Printable.quoted(user));
    }
    if (key == null) {
      throw new IllegalArgumentException("SSH key path is required (e.g. ~/.ssh/id_ed25519)");
    }
  }

  /**
   * A target with defaults: port 22 when {@code port} is null, the local user when {@code user} is.
   */
  public static SshTarget of(String host, Integer port, String user, Path key) {
    return new SshTarget(
        host,
        port == null ? DEFAULT_PORT : port,
        user == null ? System.getProperty("user.name") : user,
        key);
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
