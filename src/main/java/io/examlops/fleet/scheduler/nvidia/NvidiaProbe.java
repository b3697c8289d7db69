package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.List;
import java.util.Optional;

/**
 * A bare GPU host: no workload manager, only the NVIDIA driver. Each query is one round trip
 * ({@link NvidiaCommands#HOST_REPORT}); {@link #available} runs the cheaper {@code nvidia-smi -L}.
 */
public final class NvidiaProbe implements SchedulerProbe {

  @Override
  public SchedulerKind kind() {
    return NvidiaAdapter.KIND;
  }

  /** Answers where nvidia-smi runs and lists at least one GPU. */
  @Override
  public ProbeStatus status(CommandRunner runner) {
    return whyUnavailable(runner)
        .map(why -> new ProbeStatus(kind(), ProbeStatus.State.ABSENT, why))
        .orElseGet(
            () -> new ProbeStatus(kind(), ProbeStatus.State.ANSWERS, "nvidia-smi lists GPUs"));
  }

  /**
   * Why this host is not a usable GPU host (nvidia-smi missing, driver not loaded, no GPU), or
   * empty when it is. For detection output.
   */
  public Optional<String> whyUnavailable(CommandRunner runner) {
    CommandResult r = runner.run(NvidiaCommands.LIST);
    String said = (r.stdout() + r.stderr()).strip();
    if (r.commandNotFound()) {
      return Optional.of("nvidia-smi is not installed on " + runner.target());
    }
    if (said.contains("NVIDIA-SMI has failed")) {
      return Optional.of(
          "nvidia-smi on "
              + runner.target()
              + " cannot talk to the NVIDIA driver: "
              + said.lines().findFirst().orElse(""));
    }
    if (!r.ok()) {
      return Optional.of(
          "`"
              + NvidiaCommands.LIST
              + "` on "
              + runner.target()
              + " failed (exit "
              + r.exitCode()
              + "): "
              + said.lines().findFirst().orElse("(no output)"));
    }
    if (NvidiaSmiList.parse(NvidiaCommands.LIST, r.stdout()).gpus().isEmpty()) {
      return Optional.of("nvidia-smi on " + runner.target() + " lists no GPU");
    }
    return Optional.empty();
  }

  /** The host's GPUs, MIG devices, processes, CPUs and memory, read in one round trip. */
  public NvidiaSnapshot snapshot(CommandRunner runner) {
    CommandResult r = runner.run(NvidiaCommands.HOST_REPORT);
    if (r.truncated()) {
      throw new ProbeException(
          "the nvidia-smi report from "
              + runner.target()
              + " was cut at the runner's output cap;"
              + " raise the cap for this host");
    }
    return NvidiaHostReport.parse(r.stdout(), runner.target());
  }

  /** One host report: the driver, and the host as the one node. */
  @Override
  public Survey survey(CommandRunner runner) {
    NvidiaSnapshot s = snapshot(runner);
    List<NodeInfo> host = List.of(s.toNode());
    return new Survey(
        ClusterCaps.summarize(NvidiaAdapter.KIND, s.driverVersion(), host, List.of(), false),
        host,
        List.of());
  }

  @Override
  public List<NodeInfo> listNodes(CommandRunner runner) {
    return List.of(snapshot(runner).toNode());
  }

  @Override
  public List<GpuInfo> listGpus(CommandRunner runner) {
    return snapshot(runner).gpus();
  }
}
