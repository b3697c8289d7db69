package io.examlops.fleet.scheduler.mock;

import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.TransportOptions;
import java.util.Optional;

/**
 * The inline backend: jobs run as processes on this machine, one node with simulated GPUs. Never
 * detected (a cluster is mock only when declared so), and its node is read live, never stale.
 */
public final class MockAdapter implements SchedulerAdapter {
  /** The embedded inline backend: runs jobs as local processes. */
  public static final SchedulerKind KIND = SchedulerKind.declare("mock", true);

  @Override
  public SchedulerKind kind() {
    return KIND;
  }

  @Override
  public boolean detectable() {
    return false;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return new MockProbe(context.settings().mockGpus(), 0);
  }

  /** Job directories beside platform.db. */
  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.of(
        new MockBackend(context.stateDir().resolve("mock-jobs"), context.settings().osUser()));
  }

  @Override
  public boolean readsLive() {
    return true;
  }

  /** The one node now: its simulated GPUs less those its running jobs hold. */
  @Override
  public NodeInventory liveInventory(RegisteredCluster cluster, SchedulerContext context) {
    int inUse = context.gpusInUse().applyAsInt(cluster.name());
    try (CommandRunner runner = Endpoint.local(TransportOptions.DEFAULTS).open()) {
      return new NodeInventory(
          KIND,
          runner.target(),
          context.clock().instant(),
          new MockProbe(context.settings().mockGpus(), inUse).listNodes(runner));
    }
  }
}
