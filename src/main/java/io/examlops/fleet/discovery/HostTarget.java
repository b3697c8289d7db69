package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;

/**
 * How to reach a host: what the user gave; everything left out comes from the {@code
 * EXAMLOPS_HPC_SSH_*} environment the fleet was built with. No host (and none in that environment)
 * means this machine, where the SSH settings do not apply and are refused.
 *
 * <p>A host given as {@code https://HOST[:PORT]} (or {@code http://} to loopback) is a Slurm REST
 * API (slurmrestd): then {@code user} is the cluster user requests act as, one of {@code tokenFile}
 * and {@code signingKey} proves it, {@code hostKeyFingerprint} pins the TLS certificate, and the
 * SSH settings are refused.
 *
 * @param host the login node to reach over SSH, or an API's URL; {@code null}: the environment's,
 *     else this machine
 * @param port SSH port; {@code null}: the environment's, else 22
 * @param user SSH user; {@code null}: the environment's, else the operating-system user
 * @param keyPath path of the SSH private key file (never its content); {@code null}: the
 *     environment's, else {@code ~/.ssh/id_ed25519} or {@code ~/.ssh/id_rsa}
 * @param knownHostsFile OpenSSH known_hosts file; {@code null}: the environment's, else the home's
 * @param acceptNewHostKey trust an unknown host key on first use (a changed one is still refused)
 * @param hostKeyFingerprint accept only this host key ({@code SHA256:...}); {@code null}: none
 * @param noHostKeyCheck do not verify the host key at all (unsafe)
 * @param connectTimeoutSeconds time to reach the host; {@code null}: 10
 * @param commandTimeoutSeconds time one query command may run; {@code null}: 60
 * @param tokenFile for an API: the file holding a token the site issued; {@code null}: none
 * @param signingKey for an API: the file holding the key tokens are signed with; {@code null}: none
 */
public record HostTarget(
    String host,
    Integer port,
    String user,
    String keyPath,
    String knownHostsFile,
    boolean acceptNewHostKey,
    String hostKeyFingerprint,
    boolean noHostKeyCheck,
    Integer connectTimeoutSeconds,
    Integer commandTimeoutSeconds,
    String tokenFile,
    String signingKey) {

  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code port} when it is no TCP port:
   *     checked first, before a key or a host is looked for
   */
  public HostTarget {
    if (port != null) {
      try {
        ConnectionRules.port(port);
      } catch (FleetException e) {
        throw e.about("port");
      }
    }
  }

  /** The word that names this machine where a host is expected ({@code connect local}). */
  public static final String LOCAL = "local";

  /** This machine, or the environment's host, with every setting left to its default. */
  public static HostTarget defaults() {
    return of(null);
  }

  /** {@code host} (or, for {@code null}, the environment's) with default settings. */
  public static HostTarget of(String host) {
    return new HostTarget(host, null, null, null, null, false, null, false, null, null, null, null);
  }

  /** Whether the host is an API's URL rather than a login node. */
  public boolean namesApi() {
    return host != null && (host.contains("://") || ApiSettings.isSocket(host));
  }

  /** Whether the user named this machine explicitly ({@link #LOCAL}). */
  public boolean namesThisMachine() {
    return LOCAL.equals(host);
  }
}
