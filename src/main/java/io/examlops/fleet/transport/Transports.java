package io.examlops.fleet.transport;

/** Where the CLI and the registry get their command runners. */
public final class Transports {
  private Transports() {}

  /** Runs commands on this machine. */
  public static CommandRunner local(TransportOptions options) {
    return new LocalRunner(options);
  }

  /**
   * Runs commands on {@code target} over one SSH connection, opened on the first command. The
   * key passphrase, if any, comes from {@code EXAMLOPS_HPC_SSH_KEY_PASSPHRASE}; host key
   * warnings go to stderr.
   */
  public static SshRunner ssh(SshTarget target, HostKeyPolicy hostKeyPolicy,
      TransportOptions options) {
    return new SshRunner(target, hostKeyPolicy, options, ClientEnvironment.system());
  }
}
