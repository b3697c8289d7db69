package io.examlops.fleet.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A cluster's connection definition, as clusters.yaml holds it. It says how to reach a cluster; it
 * grants nothing: governance state lives in platform.db.
 *
 * @param name the cluster's name ({@link ClusterName})
 * @param scheduler a kind that runs jobs (slurm, flux, mock, ...)
 * @param transport ssh or local
 * @param host the login node (ssh only)
 * @param user the ssh login name (ssh only)
 * @param keyPath path of the private key file, as written ({@code ~/} allowed); {@code null} when
 *     the key comes from elsewhere (agent, CI credential)
 * @param port the ssh port (ssh only; {@code null} for local)
 * @param hostKeyFingerprint the host key the server must present (ssh only; {@code null} when not
 *     yet known)
 * @param settings what the scheduler's adapter takes besides the connection (Flux: {@code
 *     flux_uri}, its instance), by the names clusters.yaml writes, each checked by the setting its
 *     kind declares ({@link SchedulerKind#settings()}); in that declared order, never {@code null}
 * @param jumps the jump hosts on the way to {@code host}, in connection order (ssh only); empty for
 *     a direct connection
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
    Map<String, String> settings,
    List<JumpHost> jumps) {

  public ClusterDefinition {
    ClusterName.require(name);
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(transport, "transport");
    if (!scheduler.runsJobs()) {
      throw refused(
          name,
          ": scheduler "
              + scheduler.label()
              + " cannot be connected;"
              + " use "
              + SchedulerKind.orList(SchedulerKind.registrable()));
    }
    settings = checked(name, scheduler, settings);
    jumps = jumps == null ? List.of() : List.copyOf(jumps);
    if (transport != TransportKind.REST) {
      for (AdapterSetting api : ApiSettings.ALL) {
        if (settings.containsKey(api.name())) {
          throw refused(
              name,
              " has "
                  + api.name()
                  + " but uses transport "
                  + transport.label()
                  + ": it belongs to transport rest; remove it, or use transport rest");
        }
      }
    }
    if (transport == TransportKind.SSH) {
      if (host == null || user == null) {
        throw refused(
            name,
            " uses transport ssh but has no "
                + (host == null ? "host" : "user")
                + ": add it, or use transport local");
      }
      ConnectionRules.host(host);
      ConnectionRules.user(user);
      port = ConnectionRules.port(port == null ? ConnectionRules.DEFAULT_SSH_PORT : port);
      keyPath = keyPath == null ? null : ConnectionRules.keyPath(keyPath);
      hostKeyFingerprint =
          hostKeyFingerprint == null ? null : ConnectionRules.fingerprint(hostKeyFingerprint);
    } else if (transport == TransportKind.REST) {
      restChecked(name, scheduler, host, user, keyPath, port, jumps, settings);
      hostKeyFingerprint =
          hostKeyFingerprint == null ? null : ConnectionRules.fingerprint(hostKeyFingerprint);
    } else if (host != null
        || !jumps.isEmpty()
        || user != null
        || keyPath != null
        || port != null
        || hostKeyFingerprint != null) {
      throw refused(
          name,
          " uses transport local, which takes no host, user, key, port,"
              + " host_key or jump hosts: remove them, or use transport ssh");
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
        name,
        scheduler,
        TransportKind.SSH,
        host,
        user,
        keyPath,
        port,
        hostKeyFingerprint,
        Map.of(),
        List.of());
  }

  /**
   * A cluster reached through its scheduler's HTTP API; {@code certificate} pins its TLS
   * certificate ({@code null}: one a trusted authority vouches for).
   */
  public static ClusterDefinition rest(
      String name,
      SchedulerKind scheduler,
      String user,
      String certificate,
      Map<String, String> settings) {
    return new ClusterDefinition(
        name,
        scheduler,
        TransportKind.REST,
        null,
        user,
        null,
        null,
        certificate,
        settings,
        List.of());
  }

  /**
   * A REST entry takes its user and the API settings, and nothing of a shell's: its scheduler must
   * declare the API settings, and exactly one credential is named.
   */
  private static void restChecked(
      String name,
      SchedulerKind scheduler,
      String host,
      String user,
      String keyPath,
      Integer port,
      List<JumpHost> jumps,
      Map<String, String> settings) {
    if (scheduler.setting(ApiSettings.URL.name()).isEmpty()) {
      throw refused(
          name,
          ": scheduler "
              + scheduler.label()
              + " has no REST API this product can use: use transport ssh or local");
    }
    if (host != null || keyPath != null || port != null || !jumps.isEmpty()) {
      throw refused(
          name,
          " uses transport rest, which takes no host, key, port or jump hosts: its"
              + " address is "
              + ApiSettings.URL.name()
              + "; remove them, or use transport ssh");
    }
    if (user == null) {
      throw refused(
          name, " uses transport rest but has no user: add the cluster user its requests act as");
    }
    ConnectionRules.user(user);
    if (settings.get(ApiSettings.URL.name()) == null) {
      throw refused(
          name,
          " uses transport rest but has no "
              + ApiSettings.URL.name()
              + ": add the API's URL (https://HOST:PORT)");
    }
    boolean token = settings.get(ApiSettings.TOKEN_FILE.name()) != null;
    boolean key = settings.get(ApiSettings.SIGNING_KEY.name()) != null;
    if (token == key) {
      throw refused(
          name,
          " uses transport rest and needs exactly one credential: "
              + ApiSettings.TOKEN_FILE.name()
              + " (a token for user "
              + user
              + ") or "
              + ApiSettings.SIGNING_KEY.name()
              + " (the key tokens are signed with, to act for each mapped user)");
    }
    String via = settings.get(ApiSettings.OUTPUT_VIA.name());
    if (via != null && settings.get(ApiSettings.OUTPUT_MOUNT.name()) != null) {
      throw refused(
          name,
          " names both "
              + ApiSettings.OUTPUT_VIA.name()
              + " and "
              + ApiSettings.OUTPUT_MOUNT.name()
              + ": job output is read one way; keep one");
    }
    if (name.equals(via)) {
      throw refused(
          name,
          " reads its job output through itself ("
              + ApiSettings.OUTPUT_VIA.name()
              + "): name another cluster of the fleet, reached over SSH, that sees the same files");
    }
    if (!key && settings.get(ApiSettings.USERS.name()) != null) {
      throw refused(
          name,
          " maps users ("
              + ApiSettings.USERS.name()
              + ") but its token acts only as "
              + user
              + ": remove the mapping, or give "
              + ApiSettings.SIGNING_KEY.name()
              + " instead of "
              + ApiSettings.TOKEN_FILE.name());
    }
  }

  public static ClusterDefinition local(String name, SchedulerKind scheduler) {
    return new ClusterDefinition(
        name, scheduler, TransportKind.LOCAL, null, null, null, null, null, Map.of(), List.of());
  }

  /** The same definition with one adapter setting set ({@code null}: unset). */
  public ClusterDefinition withSetting(String setting, String value) {
    Map<String, String> next = new LinkedHashMap<>(settings);
    next.put(setting, value);
    return new ClusterDefinition(
        name, scheduler, transport, host, user, keyPath, port, hostKeyFingerprint, next, jumps);
  }

  /** The same definition reached through {@code route}'s jump hosts, in connection order. */
  public ClusterDefinition withJumps(List<JumpHost> route) {
    return new ClusterDefinition(
        name, scheduler, transport, host, user, keyPath, port, hostKeyFingerprint, settings, route);
  }

  /**
   * The settings the scheduler's adapter declares, each in its normal form; a setting another
   * scheduler takes is refused with the schedulers that do. A {@code null} value is no setting.
   */
  private static Map<String, String> checked(
      String cluster, SchedulerKind scheduler, Map<String, String> given) {
    if (given == null || given.isEmpty()) {
      return Map.of();
    }
    given.forEach(
        (setting, value) -> {
          if (value != null && scheduler.setting(setting).isEmpty()) {
            List<SchedulerKind> takers = SchedulerKind.taking(setting);
            String what = AdapterSetting.isName(setting) ? setting : Printable.quoted(setting);
            throw refused(
                cluster,
                " has a "
                    + what
                    + " but its scheduler is "
                    + scheduler.label()
                    + ": remove "
                    + what
                    + (takers.isEmpty()
                        ? ""
                        : ", or use scheduler " + SchedulerKind.orList(takers)));
          }
        });
    Map<String, String> normal = new LinkedHashMap<>();
    for (AdapterSetting setting : scheduler.settings()) {
      String value = given.get(setting.name());
      if (value != null) {
        normal.put(setting.name(), setting.check(value));
      }
    }
    return Collections.unmodifiableMap(normal);
  }

  /** A definition refused, named by its cluster: {@code cluster 'NAME'} and then what is wrong. */
  private static FleetException refused(String cluster, String whatIsWrong) {
    return FleetException.invalid("cluster '" + cluster + "'" + whatIsWrong);
  }
}
