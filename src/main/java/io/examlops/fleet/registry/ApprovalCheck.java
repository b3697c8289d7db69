package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.TransportKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a cluster may receive work: it must be ACTIVE, and its current definition and the
 * fingerprints in use now must equal what the approval pinned. Pure.
 */
public final class ApprovalCheck {
  private ApprovalCheck() {}

  /**
   * @param cluster the cluster as both sources see it
   * @param current the fingerprints the transport computes now
   */
  public static Schedulability judge(RegisteredCluster cluster, Fingerprints current) {
    String name = cluster.name();
    ClusterGovernance g = cluster.governance();
    if (g == null) {
      return waitsForApproval(
          name,
          " is only listed in clusters.yaml and has not been approved;"
              + " an admin must approve it");
    }
    switch (g.state()) {
      case PENDING:
        return waitsForApproval(
            name,
            " is PENDING"
                + requested(g)
                + " and has not been approved;"
                + " an admin must approve it");
      case REJECTED:
        return waitsForApproval(
            name,
            " was rejected by "
                + byOn(g.decidedBy(), g.decidedAt())
                + " ("
                + g.reason()
                + "); an admin must"
                + " approve it before it can receive work");
      case ACTIVE:
        break;
    }
    ClusterDefinition definition = cluster.definition();
    if (definition == null) {
      return Schedulability.no(
          "cluster '"
              + name
              + "' is approved but has no entry in clusters.yaml any more; restore"
              + " the entry as it was approved, or register and approve it again");
    }
    List<String> changes = g.pinned().changesTo(inUse(definition, current));
    changes.addAll(hostKeyConflict(definition, current));
    if (changes.isEmpty()) {
      return Schedulability.yes();
    }
    return waitsForApproval(
        name,
        " is not schedulable: since approval by "
            + byOn(g.decidedBy(), g.decidedAt())
            + ", "
            + String.join("; ", changes)
            + "; an admin must approve it again");
  }

  /**
   * How the connection the cluster's entry and {@code current} amount to differs from the one its
   * last probe went through, in words; empty when they agree, or when there is no entry or no probe
   * recorded it. An approval waits for a new probe while there are any: what the probe found
   * belongs to the entry it went through.
   */
  public static List<String> changesSinceProbe(RegisteredCluster cluster, Fingerprints current) {
    ClusterGovernance g = cluster.governance();
    if (g == null || cluster.definition() == null) {
      return List.of();
    }
    return g.changesSinceProbe(inUse(cluster.definition(), current));
  }

  /** The connection that a definition and the fingerprints in use amount to. */
  static PinnedConnection inUse(ClusterDefinition definition, Fingerprints current) {
    if (definition.transport() == TransportKind.LOCAL) {
      return PinnedConnection.of(definition, null, null);
    }
    return PinnedConnection.of(definition, current.sshKey(), hostKey(definition, current));
  }

  /** The host key in force: the one the host presents now, else the one clusters.yaml pins. */
  static String hostKey(ClusterDefinition definition, Fingerprints current) {
    return current.hostKey() != null ? current.hostKey() : definition.hostKeyFingerprint();
  }

  /** A host presenting another key than clusters.yaml names, in words; empty when they agree. */
  static List<String> hostKeyConflict(ClusterDefinition definition, Fingerprints current) {
    List<String> conflict = new ArrayList<>();
    if (definition.transport() == TransportKind.SSH
        && definition.hostKeyFingerprint() != null
        && current.hostKey() != null
        && !definition.hostKeyFingerprint().equals(current.hostKey())) {
      conflict.add(
          "the host presents host key "
              + current.hostKey()
              + " but clusters.yaml names "
              + definition.hostKeyFingerprint());
    }
    return conflict;
  }

  private static String requested(ClusterGovernance g) {
    return g.requestedBy() == null
        ? ""
        : " (requested by " + byOn(g.requestedBy(), g.requestedAt()) + ")";
  }

  /** {@code alice on 2026-03-01T12:00:00.000Z}: who decided (or asked), and when. */
  private static String byOn(String who, Instant when) {
    return who + " on " + Timestamps.format(when);
  }

  /** Not schedulable until an admin approves it: {@code cluster 'NAME'} and then why. */
  private static Schedulability waitsForApproval(String name, String why) {
    return Schedulability.no("cluster '" + name + "'" + why, Hint.of(Hint.Action.APPROVE, name));
  }
}
