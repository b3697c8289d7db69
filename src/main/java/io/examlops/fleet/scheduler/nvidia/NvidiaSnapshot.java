package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One GPU host as nvidia-smi and the OS describe it at one moment.
 *
 * @param host the host's name
 * @param cpus online CPUs ({@code nproc})
 * @param memoryMib total memory from {@code /proc/meminfo}; 0 where the host has no such file
 * @param driverVersion the NVIDIA driver version, or {@code null}
 * @param gpus physical GPUs, tagged with {@code host}
 * @param migDevices MIG instances of MIG-enabled GPUs
 * @param busyGpuUuids GPUs with compute processes; {@code null} when the process list could not be
 *     read
 * @param faults the driver's messages about GPUs it could not reach (not in {@code gpus})
 */
public record NvidiaSnapshot(
    String host,
    int cpus,
    long memoryMib,
    String driverVersion,
    List<GpuInfo> gpus,
    List<MigDevice> migDevices,
    Set<String> busyGpuUuids,
    List<String> faults) {

  public NvidiaSnapshot {
    gpus = gpus.stream().map(g -> g.withHost(host)).toList();
    migDevices = List.copyOf(migDevices);
    busyGpuUuids = busyGpuUuids == null ? null : Set.copyOf(busyGpuUuids);
    faults = List.copyOf(faults);
  }

  /**
   * Whether a GPU cannot take a new job: it is offline, runs a compute process, or shows any
   * utilization. Utilization counts because nvidia-smi inside a container does not list other
   * containers' processes; an idle GPU reads 0 %.
   */
  public boolean inUse(GpuInfo gpu) {
    return !gpu.online()
        || (gpu.uuid() != null && busyGpuUuids != null && busyGpuUuids.contains(gpu.uuid()))
        || (gpu.utilizationPercent() != null && gpu.utilizationPercent() > 0);
  }

  /** GPUs in use, or {@code null} when the process list is unknown. */
  public Integer gpusInUse() {
    return busyGpuUuids == null ? null : (int) gpus.stream().filter(this::inUse).count();
  }

  /**
   * The host as one node: GPUs grouped by model; IDLE when no GPU is in use, MIXED when some are,
   * ALLOCATED when all are, DOWN when every GPU is offline, UNKNOWN without GPUs or without a
   * process list.
   */
  public NodeInfo toNode() {
    Map<String, Integer> byModel = new LinkedHashMap<>();
    gpus.forEach(g -> byModel.merge(g.model(), 1, Integer::sum));
    List<GpuGroup> groups =
        byModel.entrySet().stream().map(e -> GpuGroup.of(e.getKey(), e.getValue())).toList();
    Integer inUse = gpusInUse();
    return new NodeInfo(
        host,
        cpus,
        memoryMib,
        groups,
        inUse,
        state(inUse),
        rawState(inUse),
        List.of(),
        List.of(),
        null);
  }

  private NodeState state(Integer inUse) {
    if (gpus.isEmpty() || inUse == null) {
      return NodeState.UNKNOWN;
    }
    if (gpus.stream().noneMatch(GpuInfo::online)) {
      return NodeState.DOWN;
    }
    if (inUse == 0) {
      return NodeState.IDLE;
    }
    return inUse == gpus.size() ? NodeState.ALLOCATED : NodeState.MIXED;
  }

  private String rawState(Integer inUse) {
    String state =
        gpus.isEmpty()
            ? "no GPUs listed"
            : inUse == null
                ? "process list unavailable"
                : inUse + " of " + gpus.size() + " GPUs in use";
    long offline = gpus.stream().filter(g -> !g.online()).count();
    if (offline > 0) {
      state += ", " + offline + " offline";
    }
    if (!faults.isEmpty()) {
      state += ", " + faults.size() + " unreachable";
    }
    return state;
  }
}
