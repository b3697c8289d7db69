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
 * @param config the OpenSSH client configuration host names are looked up in ({@code
 *     EXAMLOPS_HPC_SSH_CONFIG}, else {@code ~/.ssh/config}); never {@code null}
 * @param agentSocket the ssh-agent's socket ({@code SSH_AUTH_SOCK}), or {@code null}: no agent
 */
public record SshDefaults(
    String host,
    Integer port,
    String user,
    Path key,
    Path knownHosts,
    Path config,
    Path agentSocket) {
  /** No defaults: this machine, OpenSSH's own known_hosts and config, no agent. */
  public static SshDefaults none(UserHome home) {
    return new SshDefaults(null, null, null, null, home.knownHosts(), home.sshConfig(), null);
  }
}
