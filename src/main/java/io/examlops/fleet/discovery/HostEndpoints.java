package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.ApiCredential;
import io.examlops.fleet.transport.ApiTarget;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.SshAlias;
import io.examlops.fleet.transport.SshConfig;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where a {@link HostTarget} is: the host it names (or the settings' SSH host), else this machine,
 * where SSH settings would be silently ignored and are refused.
 */
public final class HostEndpoints {
  private static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
  private static final int DEFAULT_COMMAND_TIMEOUT_SECONDS = 60;

  private final FleetSettings settings;
  private final ClientEnvironment client;

  public HostEndpoints(FleetSettings settings, ClientEnvironment client) {
    this.settings = settings;
    this.client = client;
  }

  /** Endpoints by the fleet's settings, with its key passphrase. */
  public static HostEndpoints of(Clusters clusters) {
    FleetSettings settings = clusters.context().settings();
    return new HostEndpoints(
        settings, ClientEnvironment.of(settings.keyPassphrase(), settings.ssh().agentSocket()));
  }

  /** The endpoint a target names; this machine when it names none and the settings give none. */
  public Endpoint resolve(HostTarget target) {
    if (target.namesApi()) {
      return api(target);
    }
    List<String> apiOnly = new ArrayList<>();
    addIf(apiOnly, target.tokenFile() != null, "tokenFile");
    addIf(apiOnly, target.signingKey() != null, "signingKey");
    if (!apiOnly.isEmpty()) {
      throw FleetException.invalid(
          "a token file and a signing key are for a scheduler's REST API, given as the HOST"
              + " https://HOST[:PORT]: drop them, or give the API's URL",
          apiOnly.toArray(String[]::new));
    }
    HostKeyPolicy.Mode mode = hostKeyMode(target);
    Path keyPath = target.keyPath() == null ? null : keyPath(target.keyPath());
    Path knownHosts = target.knownHostsFile() == null ? null : Path.of(target.knownHostsFile());
    Endpoint endpoint =
        Endpoint.resolve(
            target.host(),
            target.port(),
            target.user(),
            keyPath,
            knownHosts,
            mode,
            target.hostKeyFingerprint(),
            settings.ssh(),
            this::alias,
            settings.osUser(),
            client,
            transportOptions(target));
    if (endpoint.isLocal()) {
      refuseSshSettings(
          target, "no host was given and " + Variables.SSH_HOST + " is unset, so this machine");
    }
    return endpoint;
  }

  /**
   * A Slurm REST API: the URL (https, or http to loopback), the cluster user requests act as, and
   * exactly one credential file; the SSH settings are refused, the TLS certificate may be pinned.
   */
  private Endpoint api(HostTarget target) {
    List<String> ssh = new ArrayList<>();
    addIf(ssh, target.keyPath() != null, "keyPath");
    addIf(ssh, target.port() != null, "port");
    addIf(ssh, target.knownHostsFile() != null, "knownHostsFile");
    addIf(ssh, target.acceptNewHostKey(), "acceptNewHostKey");
    addIf(ssh, target.noHostKeyCheck(), "noHostKeyCheck");
    if (!ssh.isEmpty()) {
      throw FleetException.invalid(
          "these settings apply to SSH only, but "
              + target.host()
              + " is a REST API: drop them (its port goes in the URL, its certificate is pinned"
              + " with the certificate fingerprint)",
          ssh.toArray(String[]::new));
    }
    String url;
    try {
      url = ApiSettings.url(target.host());
    } catch (FleetException e) {
      throw e.about("host");
    }
    if (target.user() == null) {
      throw FleetException.invalid(
          "a REST API needs the cluster user its requests act as: give the user", "user");
    }
    String user;
    try {
      user = ConnectionRules.user(target.user());
    } catch (FleetException e) {
      throw e.about("user");
    }
    if ((target.tokenFile() == null) == (target.signingKey() == null)) {
      throw FleetException.invalid(
          "a REST API needs exactly one credential: a token file (a token the site issued for "
              + user
              + ") or the signing key file (to mint a token per user the fleet acts for)",
          "tokenFile",
          "signingKey");
    }
    ApiCredential credential =
        target.tokenFile() != null
            ? new ApiCredential(
                ApiCredential.Kind.TOKEN, credentialPath(target.tokenFile(), "tokenFile"))
            : new ApiCredential(
                ApiCredential.Kind.SIGNING_KEY, credentialPath(target.signingKey(), "signingKey"));
    String certificate = target.hostKeyFingerprint();
    if (certificate != null && !url.startsWith("https:")) {
      throw FleetException.invalid(
          url
              + " carries no TLS, so it has no certificate to pin: drop the certificate, or use"
              + " the API's https:// URL",
          "hostKeyFingerprint");
    }
    if (certificate != null) {
      try {
        certificate = ConnectionRules.fingerprint(certificate);
      } catch (FleetException e) {
        throw e.about("hostKeyFingerprint");
      }
    }
    return Endpoint.api(
        new ApiTarget(
            java.net.URI.create(url),
            user,
            credential,
            certificate,
            Map.of(),
            transportOptions(target)));
  }

  private Path credentialPath(String text, String field) {
    try {
      return settings.home().expand(ConnectionRules.keyPath(text)).toAbsolutePath();
    } catch (FleetException e) {
      throw FleetException.invalidValue(
          "credential path",
          text,
          "give the path of the file that holds it (absolute, or starting with ~/)",
          field);
    }
  }

  /** What the user's OpenSSH configuration says of {@code name}, read when a host is named. */
  private SshAlias alias(String name) {
    Path home = settings.home().dir();
    return SshAlias.resolve(
        SshConfig.read(settings.ssh().config(), home), name, settings.osUser(), home);
  }

  /** This machine, for a target that names it; SSH settings are refused. */
  public Endpoint local(HostTarget target, String named) {
    refuseSshSettings(target, named);
    return Endpoint.local(transportOptions(target));
  }

  private static Path keyPath(String text) {
    try {
      return Path.of(KeyMaterial.requireKeyPath(text, "the SSH key path"));
    } catch (FleetException e) {
      throw e.about("keyPath");
    }
  }

  private static HostKeyPolicy.Mode hostKeyMode(HostTarget target) {
    List<String> chosen = new ArrayList<>();
    addIf(chosen, target.acceptNewHostKey(), "acceptNewHostKey");
    addIf(chosen, target.hostKeyFingerprint() != null, "hostKeyFingerprint");
    addIf(chosen, target.noHostKeyCheck(), "noHostKeyCheck");
    if (chosen.size() > 1) {
      throw FleetException.invalid(
          "choose at most one of accepting a new host key, a pinned host-key fingerprint and no"
              + " host-key check",
          chosen.toArray(String[]::new));
    }
    return target.acceptNewHostKey()
        ? HostKeyPolicy.Mode.ACCEPT_NEW
        : target.hostKeyFingerprint() != null
            ? HostKeyPolicy.Mode.PINNED
            : target.noHostKeyCheck() ? HostKeyPolicy.Mode.NONE : HostKeyPolicy.Mode.STRICT;
  }

  private static void refuseSshSettings(HostTarget target, String where) {
    List<String> given = new ArrayList<>();
    addIf(given, target.user() != null, "user");
    addIf(given, target.keyPath() != null, "keyPath");
    addIf(given, target.port() != null, "port");
    addIf(given, target.knownHostsFile() != null, "knownHostsFile");
    addIf(given, target.acceptNewHostKey(), "acceptNewHostKey");
    addIf(given, target.hostKeyFingerprint() != null, "hostKeyFingerprint");
    addIf(given, target.noHostKeyCheck(), "noHostKeyCheck");
    addIf(given, target.connectTimeoutSeconds() != null, "connectTimeoutSeconds");
    if (!given.isEmpty()) {
      throw FleetException.invalid(
          (given.size() == 1 ? "this setting applies" : "these settings apply")
              + " to SSH only, but "
              + where
              + " is reached without SSH: drop "
              + (given.size() == 1 ? "it" : "them")
              + ", or name the HOST to reach over SSH",
          given.toArray(String[]::new));
    }
  }

  private static void addIf(List<String> given, boolean condition, String field) {
    if (condition) {
      given.add(field);
    }
  }

  private static TransportOptions transportOptions(HostTarget target) {
    Integer connect = target.connectTimeoutSeconds();
    Integer command = target.commandTimeoutSeconds();
    if (connect != null && connect < 1) {
      throw FleetException.invalid(
          "the connect timeout must be at least 1 second, got " + connect, "connectTimeoutSeconds");
    }
    if (command != null && command < 1) {
      throw FleetException.invalid(
          "the command timeout must be at least 1 second, got " + command, "commandTimeoutSeconds");
    }
    return new TransportOptions(
        Duration.ofSeconds(connect == null ? DEFAULT_CONNECT_TIMEOUT_SECONDS : connect),
        Duration.ofSeconds(command == null ? DEFAULT_COMMAND_TIMEOUT_SECONDS : command),
        TransportOptions.DEFAULTS.maxOutputBytes());
  }
}
