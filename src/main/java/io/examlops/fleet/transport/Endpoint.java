package io.examlops.fleet.transport;

import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.settings.SshDefaults;
import io.examlops.fleet.settings.Variables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Where query commands run: this machine, or one SSH target with its host-key policy; or, for a
 * cluster reached through its HTTP API, where that answers.
 *
 * @param ssh the SSH target; {@code null} for the local machine and an API
 * @param hostKeyPolicy how the server's host key is verified (ignored locally)
 * @param options timeouts and output cap
 * @param client the passphrase variable and where warnings go, for SSH; {@code null} locally
 * @param api the HTTP API; {@code null} unless the cluster is reached through one
 */
public record Endpoint(
    SshTarget ssh,
    HostKeyPolicy hostKeyPolicy,
    TransportOptions options,
    ClientEnvironment client,
    ApiTarget api) {

  public Endpoint(
      SshTarget ssh,
      HostKeyPolicy hostKeyPolicy,
      TransportOptions options,
      ClientEnvironment client) {
    this(ssh, hostKeyPolicy, options, client, null);
  }

  public static Endpoint local(TransportOptions options) {
    return new Endpoint(null, null, options, null);
  }

  /** A cluster's HTTP API. */
  public static Endpoint api(ApiTarget api) {
    return new Endpoint(null, null, api.options(), null, api);
  }

  public boolean isLocal() {
    return ssh == null && api == null;
  }

  public boolean isApi() {
    return api != null;
  }

  /** {@code local}, {@code user@host:port} with {@code via} and the jump hosts if any, or a URL. */
  public String label() {
    return isApi() ? api.label() : isLocal() ? "local" : ssh.route();
  }

  /** Opens a runner; the caller closes it. */
  public CommandRunner open() {
    if (isApi()) {
      return new ApiRunner(api);
    }
    return isLocal()
        ? Transports.local(options)
        : Transports.ssh(ssh, hostKeyPolicy, options, client);
  }

  /**
   * What a user asked for, completed from the OpenSSH configuration's entry for the host name (as
   * {@code ssh NAME} would be) and then from the settings' SSH defaults ({@code
   * EXAMLOPS_HPC_SSH_*}): no host given and none in the defaults means this machine. A missing key
   * falls back to the configuration's IdentityFile, then the defaults' (which found the user's
   * {@code ~/.ssh/id_ed25519} or {@code ~/.ssh/id_rsa}), then the ssh-agent's keys. A key file is
   * offered with the configuration's {@code CertificateFile} for that host, when it names one.
   *
   * @param host host name or OpenSSH alias, or {@code null}
   * @param port port, or {@code null}
   * @param user user, or {@code null}
   * @param key key path, or {@code null}
   * @param knownHosts known_hosts file, or {@code null} for the defaults'
   * @param mode host-key verification mode
   * @param pinnedFingerprint for {@link HostKeyPolicy.Mode#PINNED}
   * @param defaults the settings' SSH defaults
   * @param aliases what the OpenSSH configuration says of a host name
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
      Function<String, SshAlias> aliases,
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
    SshAlias alias = aliases.apply(effectiveHost);
    Path effectiveKey =
        key != null
            ? Path.of(KeyMaterial.requireKeyPath(key.toString(), "the SSH key path"))
                .toAbsolutePath()
            : keyOf(alias, defaults);
    if (effectiveKey == null && client.agentSocket() == null) {
      throw FleetException.invalid(
          "no SSH key for "
              + effectiveHost
              + (fromDefaults ? " (from " + Variables.SSH_HOST + ")" : "")
              + ": give the path of a key file, set "
              + Variables.SSH_KEY
              + " or an IdentityFile in the SSH configuration, or start ssh-agent ("
              + Variables.SSH_AUTH_SOCK
              + "); ~/.ssh/id_ed25519 and ~/.ssh/id_rsa do not exist");
    }
    Path hosts = knownHosts != null ? knownHosts : defaults.knownHosts();
    List<SshTarget> jumps = new ArrayList<>();
    Map<Path, Path> certificates = new HashMap<>();
    for (SshAlias hop : alias.jumps()) {
      Path hopKey = keyOf(hop, defaults);
      jumps.add(target(hop, null, null, hopKey, defaults, osUser));
      certify(hopKey, hop, certificates);
    }
    SshTarget target = target(alias, port, user, effectiveKey, defaults, osUser);
    certify(effectiveKey, alias, certificates);
    return new Endpoint(
        new SshTarget(target.host(), target.port(), target.user(), target.key(), jumps),
        new HostKeyPolicy(mode, hosts, pinnedFingerprint),
        options,
        certificates.isEmpty() ? client : client.withCertificates(certificates));
  }

  /**
   * Pairs the host's key file with the configuration's {@code CertificateFile}, if it names one.
   */
  private static void certify(Path key, SshAlias host, Map<Path, Path> certificates) {
    if (key != null) {
      host.certificateFile().ifPresent(c -> certificates.put(key, c.toAbsolutePath()));
    }
  }

  /** The host's settings: the caller's, else the configuration's, else the defaults'. */
  private static SshTarget target(
      SshAlias alias, Integer port, String user, Path key, SshDefaults defaults, String osUser) {
    Integer effectivePort =
        port != null ? port : alias.port() != null ? alias.port() : defaults.port();
    String effectiveUser =
        user != null ? user : alias.user() != null ? alias.user() : defaults.user();
    return new SshTarget(
        alias.host(),
        effectivePort == null ? SshTarget.DEFAULT_PORT : effectivePort,
        effectiveUser == null ? osUser : effectiveUser,
        key);
  }

  /**
   * The configuration's first IdentityFile that exists (OpenSSH tries them in order), else the
   * defaults' key; {@code null}: the ssh-agent's keys.
   */
  private static Path keyOf(SshAlias alias, SshDefaults defaults) {
    return alias.identityFiles().stream()
        .filter(Files::isRegularFile)
        .findFirst()
        .or(() -> alias.identityFiles().stream().findFirst())
        .map(Path::toAbsolutePath)
        .orElse(defaults.key());
  }
}
