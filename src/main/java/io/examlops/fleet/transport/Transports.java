package io.examlops.fleet.transport;

/** Where the CLI and the registry get their command runners. */
public final class Transports {
  private Transports() {}

  /** Runs commands on this machine. */
  public static CommandRunner local(TransportOptions options) {
    return new LocalRunner(options);
  }

  /**
   * Runs commands on {@code target} over one SSH connection, opened on the first command. The key
   * passphrase, if any, comes from {@code client}, where host key warnings go too.
   */
  public static SshRunner ssh(
      SshTarget target,
      HostKeyPolicy hostKeyPolicy,
      TransportOptions options,
      ClientEnvironment client) {
    return new SshRunner(target, hostKeyPolicy, options, client);
  }
}
