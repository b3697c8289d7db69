package io.examlops.fleet.scheduler.flux;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * A Flux queue from {@code [queues.NAME]} in the instance config.
 *
 * @param name the queue name
 * @param requires properties a node must have to serve the queue; empty means every node
 * @param maxTimeMinutes the queue's duration limit (or the instance-wide one), {@code null} when
 *     unlimited or not configured
 */
public record FluxQueue(String name, List<String> requires, Long maxTimeMinutes) {
  public FluxQueue {
    Objects.requireNonNull(name, "name");
    requires = List.copyOf(requires);
  }

  /** Whether a node with these properties serves this queue (Flux matches all required ones). */
  public boolean servedBy(Collection<String> nodeProperties) {
    return nodeProperties.containsAll(requires);
  }
}
