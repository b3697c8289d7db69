package io.examlops.fleet.model;

/**
 * A cluster as both sources of truth see it.
 *
 * @param name the cluster's name
 * @param definition its entry in clusters.yaml; {@code null} when the entry was removed
 * @param governance its record in platform.db; {@code null} when it is only listed in clusters.yaml
 */
public record RegisteredCluster(
    String name, ClusterDefinition definition, ClusterGovernance governance) {

  public RegisteredCluster {
    ClusterName.require(name);
    if (definition == null && governance == null) {
      throw new IllegalArgumentException("cluster '" + name + "' is in neither source");
    }
  }

  /** The governance state; a cluster only listed in clusters.yaml is PENDING. */
  public ClusterState state() {
    return governance == null ? ClusterState.PENDING : governance.state();
  }

  /** What a decision on it now would rest on (see {@link ClusterRevision}). */
  public ClusterRevision revision() {
    return ClusterRevision.of(definition, governance);
  }

  /** Whether the cluster is only listed in clusters.yaml, with no record in platform.db. */
  public boolean listedOnly() {
    return governance == null;
  }
}
