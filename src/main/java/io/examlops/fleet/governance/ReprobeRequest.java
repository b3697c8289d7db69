package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterName;

/**
 * Probe a registered cluster again through its entry in clusters.yaml as it is now, with the same
 * read-only commands as {@code connect}: what an entry edited since its last probe needs before it
 * can be approved.
 *
 * @param cluster the registered cluster
 */
public record ReprobeRequest(String cluster) {
  public ReprobeRequest {
    ClusterName.require(cluster, "cluster");
  }
}
