package io.examlops.fleet.governance;

/**
 * What {@code connect} registered (docs/cli.md, {@code hpc connect}).
 *
 * @param reprobed whether the cluster was registered before (its capabilities were refreshed)
 * @param registry the clusters.yaml file its definition is in
 */
public record ConnectResult(ClusterSummary cluster, boolean reprobed, String registry) {}
