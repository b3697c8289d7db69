package io.examlops.fleet.capacity;

import io.examlops.fleet.model.ClusterName;
import java.time.Instant;

/**
 * GPUs in use over time, as the snapshots recorded them.
 *
 * @param cluster only this cluster's; {@code null}: every cluster's
 * @param since from this moment on
 */
public record UtilizationRequest(String cluster, Instant since) {
  public UtilizationRequest {
    if (cluster != null) {
      ClusterName.require(cluster);
    }
  }
}
