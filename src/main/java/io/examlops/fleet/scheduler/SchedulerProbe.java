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

  /**
   * Whether the scheduler answers on this host (its client commands exist and respond); by default,
   * what {@link #status} finds. Probes that can tell with fewer queries override this.
   */
  default boolean available(CommandRunner runner) {
    return status(runner).answers();
  }

  /**
   * Whether the scheduler answers, with the reason in words: answers, absent, or installed but its
   * daemons do not answer.
   */
  ProbeStatus status(CommandRunner runner);

  /**
   * What more can be said of a scheduler that does not answer, appended to "does not answer on
   * HOST" (for instance {@code ": <why>"}); nothing by default.
   */
  default String notAnsweringDetail(CommandRunner runner) {
    return "";
  }

  /**
   * Scheduler version, totals, idle counts, partitions or queues, and whether accounting is there;
   * by default, what {@link #survey} finds.
   */
  default ClusterCaps capabilities(CommandRunner runner) {
    return survey(runner).caps();
  }

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

  /** Capabilities and nodes together, read so that each query runs once. */
  Survey survey(CommandRunner runner);
}
