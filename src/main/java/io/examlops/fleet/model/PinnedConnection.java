package io.examlops.fleet.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an admin approved: which scheduler, reached how, where and as whom work may run. A cluster
 * stays schedulable only while its current definition and fingerprints equal these; any change
 * needs a new approval, so nothing silently widens what was approved. The ssh fields are {@code
 * null} for a local transport.
 *
 * @param host the login node
 * @param port the ssh port
 * @param user the ssh login name
 * @param keyFingerprint fingerprint of the client key
 * @param hostKeyFingerprint fingerprint of the server's host key
 * @param scheduler the scheduler approved; {@code null} only in approvals made before it was pinned
 * @param transport the transport approved; {@code null} likewise
 * @param settings the scheduler adapter's settings approved (Flux: {@code flux_uri}, its instance),
 *     by the names clusters.yaml writes; empty when there are none
 * @param jumps each jump host on the way, in order, with the host key it presented ({@link
 *     JumpHost#pinned()}); empty for a direct connection
 */
public record PinnedConnection(
    String host,
    Integer port,
    String user,
    String keyFingerprint,
    String hostKeyFingerprint,
    SchedulerKind scheduler,
    TransportKind transport,
    Map<String, String> settings,
    List<String> jumps) {

  public PinnedConnection {
    jumps = jumps == null ? List.of() : List.copyOf(jumps);
    Map<String, String> copy = new LinkedHashMap<>();
    if (settings != null) {
      settings.forEach(
          (name, value) -> {
            if (value != null) {
              copy.put(Objects.requireNonNull(name, "setting name"), value);
            }
          });
    }
    settings = Collections.unmodifiableMap(copy);
  }

  /** The connection a definition and the fingerprints in use amount to. */
  public static PinnedConnection of(
      ClusterDefinition definition, String keyFingerprint, String hostKeyFingerprint) {
    return new PinnedConnection(
        definition.host(),
        definition.port(),
        definition.user(),
        keyFingerprint,
        hostKeyFingerprint,
        definition.scheduler(),
        definition.transport(),
        definition.settings(),
        JumpHost.pins(definition.jumps()));
  }

  /** What differs in {@code current} from this pin, in words; empty when nothing does. */
  public List<String> changesTo(PinnedConnection current) {
    List<String> changes = new ArrayList<>();
    compare("scheduler", label(scheduler), label(current.scheduler), changes);
    compare("transport", label(transport), label(current.transport), changes);
    compare("host", host, current.host, changes);
    compare("jump hosts", route(jumps), route(current.jumps), changes);
    compare("port", port, current.port, changes);
    compare("ssh user", user, current.user, changes);
    compare("ssh key", keyFingerprint, current.keyFingerprint, changes);
    compare("host key", hostKeyFingerprint, current.hostKeyFingerprint, changes);
    Set<String> names = new LinkedHashSet<>(settings.keySet());
    names.addAll(current.settings.keySet());
    for (String name : names) {
      compare(
          setting(name, current).map(AdapterSetting::shown).orElse(name),
          settings.get(name),
          current.settings.get(name),
          changes);
    }
    return changes;
  }

  /** The pinned settings as a person reads them: {@code Flux instance local:///run/flux/local}. */
  public List<String> shownSettings() {
    return settings.entrySet().stream()
        .map(
            e ->
                setting(e.getKey(), this).map(AdapterSetting::label).orElse(e.getKey())
                    + " "
                    + e.getValue())
        .toList();
  }

  /** What a setting is, as the scheduler now or the one pinned declares it, else any that does. */
  private Optional<AdapterSetting> setting(String name, PinnedConnection current) {
    for (SchedulerKind kind : new SchedulerKind[] {current.scheduler, scheduler}) {
      Optional<AdapterSetting> declared = kind == null ? Optional.empty() : kind.setting(name);
      if (declared.isPresent()) {
        return declared;
      }
    }
    return SchedulerKind.allSettings().stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** A route's pins as one text, {@code null} (shown "(none)") for a direct connection. */
  private static String route(List<String> jumps) {
    return jumps.isEmpty() ? null : String.join(", then ", jumps);
  }

  private static String label(SchedulerKind kind) {
    return kind == null ? null : kind.label();
  }

  private static String label(TransportKind kind) {
    return kind == null ? null : kind.label();
  }

  private static void compare(String what, Object pinned, Object now, List<String> changes) {
    if (!Objects.equals(pinned, now)) {
      changes.add(what + " changed from " + shown(pinned) + " to " + shown(now));
    }
  }

  private static String shown(Object value) {
    return value == null ? "(none)" : value.toString();
  }
}
