package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.ClusterCaps;
import java.util.List;
import java.util.Objects;

/**
 * Everything one Flux probe run found.
 *
 * @param version what {@code flux version} reported
 * @param nodes the nodes, excluded hosts and drain reasons
 * @param queues the configured queues
 * @param accounting flux-accounting's presence, or {@code null} when it was not asked
 * @param warnings what could not be read and was left unknown (never counted as free)
 */
public record FluxInventory(
    FluxVersion version,
    FluxNodes nodes,
    FluxQueues queues,
    FluxAccounting accounting,
    List<String> warnings) {

  public FluxInventory {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(nodes, "nodes");
    Objects.requireNonNull(queues, "queues");
    warnings = List.copyOf(warnings);
  }

  public ClusterCaps caps() {
    return ClusterCaps.summarize(
        FluxAdapter.KIND,
        version.reported(),
        nodes.nodes(),
        queues.partitions(),
        accounting != null && accounting.present());
  }
}
