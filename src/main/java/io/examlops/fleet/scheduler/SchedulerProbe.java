package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.transport.CommandRunner;
import java.util.List;

/**
 * The contract every scheduler probe implements. Probes run only side-effect-free query commands
 * through the runner they are given, and translate what they read into the normalized vocabulary. A
 * scheduler's probe is part of its adapter ({@code io.examlops.fleet.scheduler.SchedulerAdapter}),
 * registered in {@code SchedulerAdapters}.
 */
public interface SchedulerProbe {

  /** Which scheduler this probe reads. */
  SchedulerKind kind();

  /** Whether the scheduler answers on this host (its client commands exist and respond). */
  boolean available(CommandRunner runner);

  /**
   * Whether the scheduler answers, with the reason in words. Probes that can tell "installed but
   * its daemons do not answer" from "not installed" override this.
   */
  default ProbeStatus status(CommandRunner runner) {
    return available(runner)
        ? new ProbeStatus(kind(), ProbeStatus.State.ANSWERS, kind().label() + " answers")
        : new ProbeStatus(kind(), ProbeStatus.State.ABSENT, "not found on " + runner.target());
  }

  /**
   * What more can be said of a scheduler that does not answer, appended to "does not answer on
   * HOST" (for instance {@code ": <why>"}); nothing by default.
   */
  default String notAnsweringDetail(CommandRunner runner) {
    return "";
  }

  /**
   * Scheduler version, totals, idle counts, partitions or queues, and whether accounting is there.
   */
  ClusterCaps capabilities(CommandRunner runner);

  /** Every compute node, once each, in the normalized vocabulary. */
  List<NodeInfo> listNodes(CommandRunner runner);

  /**
   * GPU devices with their detail where the scheduler or driver reports it. Workload managers
   * report GPU counts, not devices: none by default, and detection enriches them from nvidia-smi.
   */
  default List<GpuInfo> listGpus(CommandRunner runner) {
    return List.of();
  }

  /**
   * The other ways in this scheduler offers on this host, in words, for detection to tell (Slurm
   * that takes JWTs can also be reached through slurmrestd); empty when there is nothing to tell.
   */
  default List<String> otherWaysIn(CommandRunner runner) {
    return List.of();
  }

  /**
   * Capabilities and nodes together. Probes whose capabilities are summed from the node list
   * override this so that each query runs once.
   */
  default Survey survey(CommandRunner runner) {
    return new Survey(capabilities(runner), listNodes(runner), List.of());
  }
}
