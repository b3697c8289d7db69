package io.examlops.fleet.model;

import java.time.Instant;
import java.util.List;

/**
 * A PENDING cluster as an admin reviews it before deciding: what approving it now would pin, what
 * discovery found there, who asked and when, and the revision a decision on it rests on.
 *
 * @param revision what a decision on it now rests on ({@link ClusterRevision}, written out)
 * @param pins what approving it now pins: host, port, user, the key's and the host key's
 *     fingerprints, the scheduler and its settings (a Flux instance); a fingerprint that cannot be
 *     read now says why instead
 * @param key the client key approving pins, as a person reads it: its fingerprint, or {@code
 *     ssh-agent key SHA256:...} when no key file is named (the agent's key is pinned); {@code null}
 *     for a local cluster
 * @param partitions the partitions discovery found, the default one marked {@code (default)}
 * @param gpus the GPUs discovery found; {@code null} when it was never probed
 * @param changedSinceProbe how its entry differs from what the probe that found those went through,
 *     one change a line; approving waits for a new probe while there are any
 * @param cautions what approving grants beyond one account, in words (a REST signing key acts as
 *     every user), one a line; empty when nothing does
 */
public record ClusterReview(
    String cluster,
    ClusterState state,
    String revision,
    String requestedBy,
    Instant requestedAt,
    Instant probedAt,
    PinnedConnection pins,
    String key,
    List<String> pinnedSettings,
    List<String> partitions,
    Integer gpus,
    List<String> gpuTypes,
    List<String> changedSinceProbe,
    List<String> cautions) {
  public ClusterReview {
    cautions = cautions == null ? List.of() : List.copyOf(cautions);
    changedSinceProbe = changedSinceProbe == null ? List.of() : List.copyOf(changedSinceProbe);
    pinnedSettings = List.copyOf(pinnedSettings);
    partitions = List.copyOf(partitions);
    gpuTypes = List.copyOf(gpuTypes);
  }

  /**
   * The review of a cluster as both sources hold it, with the fingerprints approving would pin (or
   * why one cannot be read: approving would then be refused saying so).
   */
  public static ClusterReview of(
      RegisteredCluster cluster, String key, String hostKey, List<String> changedSinceProbe) {
    ClusterDefinition d = cluster.definition();
    ClusterGovernance g = cluster.governance();
    ClusterCaps caps = g == null ? null : g.capabilities();
    PinnedConnection pins =
        PinnedConnection.of(d, key, hostKey != null ? hostKey : d.hostKeyFingerprint());
    return new ClusterReview(
        cluster.name(),
        cluster.state(),
        cluster.revision().text(),
        g == null ? null : g.requestedBy(),
        g == null ? null : g.requestedAt(),
        g == null ? null : g.probedAt(),
        pins,
        d.transport() == TransportKind.REST
            ? ApiSettings.shownCredential(d.settings(), key)
            : shownKey(d.keyPath(), key),
        pins.shownSettings(),
        caps == null
            ? List.of()
            : caps.partitions().stream()
                .map(p -> p.name() + (p.isDefault() ? " (default)" : ""))
                .toList(),
        caps == null ? null : caps.gpus(),
        caps == null ? List.of() : caps.gpuTypes(),
        changedSinceProbe,
        ApiSettings.cautions(d.settings()));
  }

  /**
   * A client key fingerprint as a person reads it: {@code ssh-agent key SHA256:...} when no key
   * file is named, the fingerprint alone otherwise (or the reason it cannot be read, as given).
   */
  public static String shownKey(String keyPath, String fingerprint) {
    return fingerprint == null || keyPath != null || !fingerprint.startsWith("SHA256:")
        ? fingerprint
        : "ssh-agent key " + fingerprint;
  }
}
