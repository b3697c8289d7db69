package io.examlops.fleet.model;

import java.util.Objects;

/**
 * A cluster's connection definition, as clusters.yaml holds it. It says how to reach a cluster; it
 * grants nothing: governance state lives in platform.db.
 *
 * @param name the cluster's name ({@link ClusterName})
 * @param scheduler slurm, flux or mock
 * @param transport ssh or local
 * @param host the login node (ssh only)
 * @param user the ssh login name (ssh only)
 * @param keyPath path of the private key file, as written ({@code ~/} allowed); {@code null} when
 *     the key comes from elsewhere (agent, CI credential)
 * @param port the ssh port (ssh only; {@code null} for local)
 * @param hostKeyFingerprint the host key the server must present (ssh only; {@code null} when not
 *     yet known)
 * @param fluxUri the Flux instance every command of a flux cluster talks to ({@code FLUX_URI});
 *     {@code null} for the host's default instance and for other schedulers
 */
public record ClusterDefinition(
    String name,
    SchedulerKind scheduler,
    TransportKind transport,
    String host,
    String user,
    String keyPath,
    Integer port,
    String hostKeyFingerprint,
    String fluxUri) {

  public ClusterDefinition {
    ClusterName.require(name);
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(transport, "transport");
    if (!scheduler.runsJobs()) {
      throw FleetException.invalid(
          "cluster '"
              + name
              + "': scheduler "
              + scheduler.label()
              + " cannot be connected;"
              + " use "
              + SchedulerKind.orList(SchedulerKind.registrable()));
    }
    if (fluxUri != null) {
      if (scheduler != SchedulerKind.FLUX) {
        throw FleetException.invalid(
            "cluster '"
                + name
                + "' has a flux_uri but its scheduler is "
                + scheduler.label()
                + ": remove flux_uri, or use scheduler flux");
      }
      fluxUri = ConnectionRules.fluxUri(fluxUri);
    }
    if (transport == TransportKind.SSH) {
      if (host == null || user == null) {
        throw FleetException.invalid(
            "cluster '"
                + name
                + "' uses transport ssh but has no "
                + (host == null ? "host" : "user")
                + ": add it, or use transport local");
      }
      ConnectionRules.host(host);
      ConnectionRules.user(user);
      port = ConnectionRules.port(port == null ? ConnectionRules.DEFAULT_SSH_PORT : port);
      keyPath = keyPath == null ? null : ConnectionRules.keyPath(keyPath);
      hostKeyFingerprint =
          hostKeyFingerprint == null ? null : ConnectionRules.fingerprint(hostKeyFingerprint);
    } else if (host != null
        || user != null
        || keyPath != null
        || port != null
        || hostKeyFingerprint != null) {
      throw FleetException.invalid(
          "cluster '"
              + name
              + "' uses transport local, which takes no host, user, key, port or"
              + " host_key: remove them, or use transport ssh");
    }
  }

  public static ClusterDefinition ssh(
      String name,
      SchedulerKind scheduler,
      String host,
      String user,
      String keyPath,
      int port,
      String hostKeyFingerprint) {
    return new ClusterDefinition(
        name, scheduler, TransportKind.SSH, host, user, keyPath, port, hostKeyFingerprint, null);
  }

  public static ClusterDefinition local(String name, SchedulerKind scheduler) {
    return new ClusterDefinition(
        name, scheduler, TransportKind.LOCAL, null, null, null, null, null, null);
  }

  /** The same definition bound to one Flux instance ({@code null}: the default instance). */
  public ClusterDefinition withFluxUri(String uri) {
    return new ClusterDefinition(
        name, scheduler, transport, host, user, keyPath, port, hostKeyFingerprint, uri);
  }
}
