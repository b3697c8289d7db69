package io.examlops.fleet.scheduler.mock;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.List;

/**
 * The mock (inline) backend's view of itself: one node, this machine, with its real CPUs and memory
 * and a declared number of simulated GPUs, so a newcomer can try placement and submission with no
 * cluster. Never chosen by detection: a cluster is mock only when declared so.
 */
public final class MockProbe implements SchedulerProbe {
  public static final String NODE = "localhost";
  public static final String PARTITION = "inline";
  public static final String GPU_TYPE = "mock";
  static final String COMMAND = "nproc; grep '^MemTotal:' /proc/meminfo";

  private final int gpus;
  private final int gpusInUse;

  /**
   * @param gpus simulated GPUs the node declares: {@link
   *     io.examlops.fleet.settings.FleetSettings#mockGpus()}, read and checked at the edge
   * @param gpusInUse GPUs held by running mock jobs now
   */
  public MockProbe(int gpus, int gpusInUse) {
    this.gpus = gpus;
    this.gpusInUse = Math.min(gpusInUse, gpus);
  }

  @Override
  public SchedulerKind kind() {
    return MockAdapter.KIND;
  }

  /** Always there: the mock runs on this machine. */
  @Override
  public ProbeStatus status(CommandRunner runner) {
    return new ProbeStatus(kind(), ProbeStatus.State.ANSWERS, kind().label() + " answers");
  }

  @Override
  public Survey survey(CommandRunner runner) {
    List<NodeInfo> nodes = listNodes(runner);
    ClusterCaps caps =
        ClusterCaps.summarize(
            MockAdapter.KIND,
            "inline",
            nodes,
            List.of(new PartitionInfo(PARTITION, true, null)),
            false);
    return new Survey(caps, nodes, List.of());
  }

  @Override
  public List<NodeInfo> listNodes(CommandRunner runner) {
    CommandResult result = runner.run(COMMAND);
    if (!result.ok()) {
      throw new ProbeException("cannot read this machine's CPUs and memory: " + result.stderr());
    }
    List<String> lines = result.stdout().lines().toList();
    int cpus;
    long memoryMb;
    try {
      cpus = Integer.parseInt(lines.get(0).trim());
      memoryMb = Long.parseLong(lines.get(1).replaceAll("[^0-9]", "")) / 1024;
    } catch (RuntimeException e) {
      throw ProbeException.badLine(COMMAND, 1, result.stdout(), "expected nproc and MemTotal");
    }
    int inUse = gpusInUse;
    NodeState state =
        inUse == 0 ? NodeState.IDLE : inUse >= gpus ? NodeState.ALLOCATED : NodeState.MIXED;
    return List.of(
        new NodeInfo(
            NODE,
            cpus,
            memoryMb,
            gpus == 0 ? List.of() : List.of(GpuGroup.of(GPU_TYPE, gpus)),
            inUse,
            state,
            "inline",
            List.of(PARTITION),
            List.of("simulated-gpus"),
            null));
  }
}
