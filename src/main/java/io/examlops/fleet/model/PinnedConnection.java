package io.examlops.fleet.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
 * @param fluxUri the Flux instance approved (its {@code FLUX_URI}); {@code null} for other
 *     schedulers and for the host's default instance
 */
public record PinnedConnection(
    String host,
    Integer port,
    String user,
    String keyFingerprint,
    String hostKeyFingerprint,
    SchedulerKind scheduler,
    TransportKind transport,
    String fluxUri) {

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
        definition.fluxUri());
  }

  /** What differs in {@code current} from this pin, in words; empty when nothing does. */
  public List<String> changesTo(PinnedConnection current) {
    List<String> changes = new ArrayList<>();
    compare("scheduler", label(scheduler), label(current.scheduler), changes);
    compare("transport", label(transport), label(current.transport), changes);
    compare("host", host, current.host, changes);
    compare("port", port, current.port, changes);
    compare("ssh user", user, current.user, changes);
    compare("ssh key", keyFingerprint, current.keyFingerprint, changes);
    compare("host key", hostKeyFingerprint, current.hostKeyFingerprint, changes);
    compare("Flux instance (flux_uri)", fluxUri, current.fluxUri, changes);
    return changes;
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
