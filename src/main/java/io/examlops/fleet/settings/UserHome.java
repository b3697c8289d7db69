package io.examlops.fleet.settings;

import java.nio.file.Path;
import java.util.List;

/**
 * The one home directory every path the product reads or writes under {@code ~} follows:
 * known_hosts, the default SSH keys, clusters.yaml and platform.db. {@code $HOME} when it is set,
 * else the account's home (Java's {@code user.home}, from the passwd entry), the way OpenSSH and
 * the shell resolve {@code ~}. On CI agents, in containers and under sudo the two differ; taking
 * {@code $HOME} first keeps the product's files where the caller's shell would put them.
 *
 * @param dir the home directory
 */
public record UserHome(Path dir) {
  /** {@code $HOME} when it is set, else the account's home. */
  public static UserHome of(String homeVariable, Path accountHome) {
    return new UserHome(
        homeVariable == null || homeVariable.isBlank() ? accountHome : Path.of(homeVariable));
  }

  /** {@code ~} and {@code ~/x} become paths under the home; anything else is taken as it is. */
  public Path expand(String path) {
    if (path.equals("~")) {
      return dir;
    }
    return path.startsWith("~/") ? dir.resolve(path.substring(2)) : Path.of(path);
  }

  /** {@code ~/.ssh/known_hosts}, where OpenSSH keeps the user's known host keys. */
  public Path knownHosts() {
    return dir.resolve(".ssh").resolve("known_hosts");
  }

  /** {@code ~/.ssh/config}, the user's OpenSSH client configuration. */
  public Path sshConfig() {
    return dir.resolve(".ssh").resolve("config");
  }

  /** The keys OpenSSH would try by default, in its order, whether they exist or not. */
  public List<Path> defaultKeys() {
    Path ssh = dir.resolve(".ssh");
    return List.of(ssh.resolve("id_ed25519"), ssh.resolve("id_rsa"));
  }
}
