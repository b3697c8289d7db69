package io.examlops.fleet.transport;

import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.model.Printable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
  /** Host of the SSH transport to use when none is given on the command line. */
  public static final String HOST_VARIABLE = "EXAMLOPS_HPC_SSH_HOST";

  public static final String USER_VARIABLE = "EXAMLOPS_HPC_SSH_USER";
  public static final String KEY_VARIABLE = "EXAMLOPS_HPC_SSH_KEY";
  public static final String PORT_VARIABLE = "EXAMLOPS_HPC_SSH_PORT";
  public static final String KNOWN_HOSTS_VARIABLE = "EXAMLOPS_HPC_SSH_KNOWN_HOSTS";

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
   * What a user asked for, completed from the {@code EXAMLOPS_HPC_SSH_*} environment: no host given
   * and none in the environment means this machine. A missing key falls back to the user's {@code
   * ~/.ssh/id_ed25519} or {@code ~/.ssh/id_rsa}.
   *
   * @param host host name, or {@code null}
   * @param port port, or {@code null}
   * @param user user, or {@code null}
   * @param key key path, or {@code null}
   * @param knownHosts known_hosts file, or {@code null} for the environment's or OpenSSH's default
   * @param mode host-key verification mode
   * @param pinnedFingerprint for {@link HostKeyPolicy.Mode#PINNED}
   * @param env the environment the surface read at its edge
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
      Map<String, String> env,
      TransportOptions options) {
    String effectiveHost = host != null ? host : blankToNull(env.get(HOST_VARIABLE));
    if (effectiveHost == null) {
      return local(options);
    }
    boolean fromEnvironment = host == null;
    try {
      ConnectionRules.host(effectiveHost);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          (fromEnvironment ? HOST_VARIABLE + ": " : "HOST: ") + e.getMessage(), e);
    }
    Integer effectivePort = port != null ? port : portFrom(env);
    String effectiveUser = user != null ? user : blankToNull(env.get(USER_VARIABLE));
    UserHome home = UserHome.of(env);
    Path effectiveKey =
        key != null
            ? Path.of(KeyMaterial.requireKeyPath(key.toString(), "the SSH key path"))
                .toAbsolutePath()
            : keyFrom(env, home);
    Path hosts = knownHosts != null ? knownHosts : knownHosts(env, home);
    if (effectiveKey == null) {
      throw new IllegalArgumentException(
          "no SSH key for "
              + effectiveHost
              + (fromEnvironment ? " (from " + HOST_VARIABLE + ")" : "")
              + ": give the path of a key file, or set "
              + KEY_VARIABLE
              + "; ~/.ssh/id_ed25519 and ~/.ssh/id_rsa do not exist");
    }
    return new Endpoint(
        SshTarget.of(effectiveHost, effectivePort, effectiveUser, effectiveKey),
        new HostKeyPolicy(mode, hosts, pinnedFingerprint),
        options,
        ClientEnvironment.of(env));
  }

  private static Integer portFrom(Map<String, String> env) {
    String text = blankToNull(env.get(PORT_VARIABLE));
    if (text == null) {
      return null;
    }
    try {
      return Integer.valueOf(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PORT_VARIABLE + " must be a port number 1-65535, got " + Printable.quoted(text));
    }
  }

  /** {@code EXAMLOPS_HPC_SSH_KNOWN_HOSTS} (a leading {@code ~/} expanded), else the home's. */
  public static Path knownHosts(Map<String, String> env, UserHome home) {
    String text = blankToNull(env.get(KNOWN_HOSTS_VARIABLE));
    return text != null ? home.expand(text) : home.knownHosts();
  }

  private static Path keyFrom(Map<String, String> env, UserHome home) {
    String text = blankToNull(env.get(KEY_VARIABLE));
    if (text != null) {
      return home.expand(KeyMaterial.requireKeyPath(text, KEY_VARIABLE)).toAbsolutePath();
    }
    return home.defaultKeys().stream().filter(Files::isRegularFile).findFirst().orElse(null);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
