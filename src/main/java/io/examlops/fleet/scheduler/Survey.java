package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import java.util.List;

/**
 * Capabilities and the node list from one probe run, read together so that no query runs twice.
 *
 * @param caps what the cluster offers in total
 * @param nodes every node, once each
 * @param warnings what could not be read and was left unknown
 */
public record Survey(ClusterCaps caps, List<NodeInfo> nodes, List<String> warnings) {
  public Survey {
    nodes = List.copyOf(nodes);
    warnings = List.copyOf(warnings);
  }
}
