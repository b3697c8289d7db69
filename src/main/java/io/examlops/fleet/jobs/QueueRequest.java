package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ReadFrom;

/**
 * A registered cluster's queue, all users: asked of its scheduler now, or as last recorded with a
 * snapshot.
 *
 * @param from the scheduler now, or the store; {@code null}: the scheduler
 */
public record QueueRequest(String cluster, ReadFrom from) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code cluster} when it is no cluster
   *     name
   */
  public QueueRequest {
    ClusterName.require(cluster, "cluster");
    from = from == null ? ReadFrom.SCHEDULER : from;
  }

  /** The queue as its scheduler reports it now. */
  public static QueueRequest live(String cluster) {
    return new QueueRequest(cluster, ReadFrom.SCHEDULER);
  }
}
