package io.examlops.fleet.model;

import java.util.List;
import java.util.Objects;

/**
 * What a cluster offers, summed from its nodes. Idle counts follow {@link NodeInfo#idleGpus()}:
 * GPUs on nodes that take no work are never idle.
 *
 * @param scheduler which workload manager answered
 * @param version its version string, as reported
 * @param nodes nodes in total
 * @param idleNodes nodes in state idle
 * @param cpus CPUs in total
 * @param gpus GPUs in total
 * @param idleGpus GPUs free now; {@code null} when unknown (mixed nodes with no usage figure)
 * @param gpuTypes distinct GPU types
 * @param partitions partitions or queues
 * @param accounting whether an accounting system answered (sacctmgr, flux-accounting)
 */
public record ClusterCaps(
    SchedulerKind scheduler,
    String version,
    int nodes,
    int idleNodes,
    int cpus,
    int gpus,
    Integer idleGpus,
    List<String> gpuTypes,
    List<PartitionInfo> partitions,
    boolean accounting) {

  public ClusterCaps {
    Objects.requireNonNull(scheduler, "scheduler");
    version = version == null ? "" : version;
    gpuTypes = List.copyOf(gpuTypes);
    partitions = List.copyOf(partitions);
  }

  /** Sums a node list into capabilities. */
  public static ClusterCaps summarize(
      SchedulerKind scheduler,
      String version,
      List<NodeInfo> nodes,
      List<PartitionInfo> partitions,
      boolean accounting) {
    int idleNodes = 0;
    int cpus = 0;
    int gpus = 0;
    Integer idleGpus = 0;
    for (NodeInfo node : nodes) {
      if (node.state() == NodeState.IDLE) {
        idleNodes++;
      }
      cpus += node.cpus();
      gpus += node.gpuCount();
      var idle = node.idleGpus();
      idleGpus = idleGpus == null || idle.isEmpty() ? null : idleGpus + idle.getAsInt();
    }
    List<String> types =
        nodes.stream().flatMap(n -> n.gpuTypes().stream()).distinct().sorted().toList();
    return new ClusterCaps(
        scheduler,
        version,
        nodes.size(),
        idleNodes,
        cpus,
        gpus,
        idleGpus,
        types,
        partitions,
        accounting);
  }
}
