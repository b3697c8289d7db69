package io.examlops.fleet.model;

import java.time.Instant;
import java.util.List;

/**
 * A saved inventory of a cluster's nodes.
 *
 * @param id the snapshot's number (increasing)
 * @param cluster the cluster
 * @param takenAt when it was saved
 * @param takenBy who saved it
 * @param nodes the nodes, in the order they were listed
 */
public record NodeSnapshot(
    long id, String cluster, Instant takenAt, String takenBy, List<NodeInfo> nodes) {
  public NodeSnapshot {
    nodes = List.copyOf(nodes);
  }
}
