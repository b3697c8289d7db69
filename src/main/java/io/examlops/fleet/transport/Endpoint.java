package io.examlops.fleet.transport;

import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.settings.SshDefaults;
import io.examlops.fleet.settings.Variables;
import java.nio.file.Path;

/**
 * Where query commands run: this machine, or one SSH target with its host-key policy.
 *
 * @param ssh the SSH target; {@code null} for the local machine
 * @param hostKeyPolicy how the server's host key is verified (ignored locally)
 * @param options timeouts and output cap
 * @param client the passphrase variable and where warnings go, for SSH; {@code null} locally
 */
public record Endpoint(
    SshTarget ssh,
    HostKeyPolicy hostKeyPolicy,
    TransportOptions options,
    ClientEnvironment client) {
  public static Endpoint local(TransportOptions options) {
    return new Endpoint(null, null, options, null);
  }

  public boolean isLocal() {
    return ssh == null;
  }

  /** {@code local} or {@code user@host:port}. */
  public String label() {
    return isLocal() ? "local" : ssh.label();
  }

  /** Opens a runner; the caller closes it. */
  public CommandRunner open() {
    return isLocal()
        ? Transports.local(options)
        : Transports.ssh(ssh, hostKeyPolicy, options, client);
  }

  /**
   * What a user asked for, completed from the settings' SSH defaults ({@code EXAMLOPS_HPC_SSH_*}):
   * no host given and none in the defaults means this machine. A missing key falls back to the
   * defaults' (which found the user's {@code ~/.ssh/id_ed25519} or {@code ~/.ssh/id_rsa}).
   *
   * @param host host name, or {@code null}
   * @param port port, or {@code null}
   * @param user user, or {@code null}
   * @param key key path, or {@code null}
   * @param knownHosts known_hosts file, or {@code null} for the defaults'
   * @param mode host-key verification mode
   * @param pinnedFingerprint for {@link HostKeyPolicy.Mode#PINNED}
   * @param defaults the settings' SSH defaults
   * @param osUser the login name when neither the request nor the defaults give one
   * @param client the key's passphrase and where warnings go
   * @param options timeouts and caps
   */
  public static Endpoint resolve(
      String host,
      Integer port,
      String user,
      Path key,
      Path knownHosts,
      HostKeyPolicy.Mode mode,
      String pinnedFingerprint,
      SshDefaults defaults,
      String osUser,
      ClientEnvironment client,
      TransportOptions options) {
    String effectiveHost = host != null ? host : defaults.host();
    if (effectiveHost == null) {
      return local(options);
    }
    boolean fromDefaults = host == null;
    if (!fromDefaults) {
      try {
        ConnectionRules.host(effectiveHost);
      } catch (FleetException e) {
        throw FleetException.invalid("HOST: " + e.getMessage(), "host");
      }
    }
    Integer effectivePort = port != null ? port : defaults.port();
    String effectiveUser = user != null ? user : defaults.user();
    Path effectiveKey =
        key != null
            ? Path.of(KeyMaterial.requireKeyPath(key.toString(), "the SSH key path"))
                .toAbsolutePath()
            : defaults.key();
    Path hosts = knownHosts != null ? knownHosts : defaults.knownHosts();
    if (effectiveKey == null) {
      throw FleetException.invalid(
          "no SSH key for "
              + effectiveHost
              + (fromDefaults ? " (from " + Variables.SSH_HOST + ")" : "")
              + ": give the path of a key file, or set "
              + Variables.SSH_KEY
              + "; ~/.ssh/id_ed25519 and ~/.ssh/id_rsa do not exist");
    }
    return new Endpoint(
        new SshTarget(
            effectiveHost,
            effectivePort == null ? SshTarget.DEFAULT_PORT : effectivePort,
            effectiveUser == null ? osUser : effectiveUser,
            effectiveKey),
        new HostKeyPolicy(mode, hosts, pinnedFingerprint),
        options,
        client);
  }
}
