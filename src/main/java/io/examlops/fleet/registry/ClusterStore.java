package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What connecting, placing and submitting read of the registry: the clusters with their approval
 * records and pins, and their latest snapshots. This machine's clusters.yaml and platform.db
 * ({@link ClusterRegistry}), or a central console's (central mode). The approval gate judges what
 * either gives in the same code ({@link ApprovalCheck}).
 */
public interface ClusterStore {
  /** Every cluster, in clusters.yaml order, then clusters only platform.db knows. */
  List<RegisteredCluster> list();

  Optional<RegisteredCluster> find(String name);

  Optional<NodeSnapshot> latestSnapshot(String name);

  /**
   * Records that a connection to the cluster met other fingerprints than approved, so that it stops
   * being schedulable until approved again.
   */
  RegisteredCluster recordObservation(String name, Fingerprints observed, Actor actor);

  /**
   * Audits a token minted to reach the cluster's API as {@code token.user()}, in {@code actor}'s
   * unit of work (the token itself is never recorded).
   */
  void recordMint(String name, io.examlops.fleet.transport.HttpApi.Token token, Actor actor);

  /** The private key file a definition's {@code key:} names, {@code ~} expanded. */
  default Path keyFile(ClusterDefinition definition) {
    return keyFile(definition.keyPath());
  }

  /** The private key file a path in clusters.yaml ({@code key:}, {@code jump_keys:}) names. */
  Path keyFile(String keyPath);

  /**
   * The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster.
   *
   * @param current the fingerprints in use now
   * @throws RegistryException with the reason when it is unknown or not schedulable
   */
  default Map<String, String> environment(String name, Fingerprints current) {
    RegisteredCluster cluster =
        find(name)
            .orElseThrow(
                () ->
                    new UnknownClusterException(
                        name, list().stream().map(RegisteredCluster::name).toList()));
    ClusterDefinition d = cluster.definition();
    return ClusterEnvironment.of(
        cluster,
        ApprovalCheck.judge(cluster, current),
        d == null || d.keyPath() == null ? null : keyFile(d));
  }
}
