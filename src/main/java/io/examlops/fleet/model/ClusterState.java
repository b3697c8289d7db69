package io.examlops.fleet.model;

/**
 * Governance state of a cluster. Only {@link #ACTIVE} clusters may receive work; a cluster that is
 * merely listed in clusters.yaml or was discovered is {@link #PENDING}.
 */
public enum ClusterState {
  PENDING,
  ACTIVE,
  REJECTED
}
