package io.examlops.fleet.settings;

import java.nio.file.Path;

/**
 * Where a host is reached when a command names none, and how ({@code EXAMLOPS_HPC_SSH_*}): the
 * transport detection suggests. Every field is {@code null} when its variable is unset.
 *
 * @param host the host to reach over SSH; {@code null} means this machine
 * @param port its SSH port
 * @param user the login name
 * @param key the private key file, {@code ~} expanded
 * @param knownHosts the known_hosts file host keys are verified against
 */
public record SshDefaults(String host, Integer port, String user, Path key, Path knownHosts) {
  /** No defaults: this machine, and OpenSSH's own known_hosts. */
  public static SshDefaults none(UserHome home) {
    return new SshDefaults(null, null, null, null, home.knownHosts());
  }
}
