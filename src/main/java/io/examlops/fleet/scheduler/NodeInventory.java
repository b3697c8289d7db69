package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import java.time.Instant;
import java.util.List;

/**
 * The nodes a host's scheduler reported at one moment.
 *
 * @param scheduler the scheduler that answered
 * @param target where it was read ({@code local} or {@code user@host:port})
 * @param takenAt when it was read
 * @param nodes every node, once each
 */
public record NodeInventory(
    SchedulerKind scheduler, String target, Instant takenAt, List<NodeInfo> nodes) {
  public NodeInventory {
    nodes = List.copyOf(nodes);
  }
}
