package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;

/** The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster. */
public record EnvRequest(String cluster) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code cluster} when it is no cluster
   *     name
   */
  public EnvRequest {
    ClusterName.require(cluster, "cluster");
  }
}
