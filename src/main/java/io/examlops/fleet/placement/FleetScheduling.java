package io.examlops.fleet.placement;

import io.examlops.fleet.capacity.Capacity;
import io.examlops.fleet.capacity.ClusterUsage;
import io.examlops.fleet.capacity.CostRate;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Placement, preflight and capacity over the registry's clusters. Reads stored snapshots; it
 * reaches a cluster only for preflight and when asked to refresh.
 */
public final class FleetScheduling {
  private final ClusterConnections connections;
  private final JobRecords jobs;
  private final SchedulerAdapters adapters;
  private final SchedulerContext context;
  private final Clock clock;

  public FleetScheduling(
      ClusterConnections connections,
      JobRecords jobs,
      SchedulerAdapters adapters,
      SchedulerContext context) {
    this.connections = connections;
    this.jobs = jobs;
    this.adapters = adapters;
    this.context = context;
    this.clock = context.clock();
  }

  /** The approval gate's verdict in the words placement and preflight take. */
  public ClusterGate gate(RegisteredCluster cluster) {
    if (cluster.state() != ClusterState.ACTIVE) {
      return ClusterGate.inState(cluster.state().name());
    }
    Schedulability verdict;
    try {
      verdict = connections.schedulability(cluster);
    } catch (RegistryException e) {
      verdict = Schedulability.no(e.getMessage());
    }
    return verdict.schedulable() ? ClusterGate.active() : ClusterGate.refused(verdict.reason());
  }

  /**
   * The newest node data of a cluster: read live when its scheduler's nodes cost nothing to read
   * (the mock), else its latest snapshot.
   */
  public NodeInventory inventory(RegisteredCluster cluster) {
    Optional<SchedulerAdapter> adapter = adapters.find(scheduler(cluster));
    if (adapter.isPresent() && adapter.get().readsLive()) {
      return adapter.get().liveInventory(cluster, context);
    }
    return connections
        .registry()
        .latestSnapshot(cluster.name())
        .map(FleetScheduling::inventory)
        .orElse(null);
  }

  private static NodeInventory inventory(NodeSnapshot snapshot) {
    return new NodeInventory(
        null, "snapshot " + snapshot.id(), snapshot.takenAt(), snapshot.nodes());
  }

  private static SchedulerKind scheduler(RegisteredCluster cluster) {
    return cluster.definition() != null
        ? cluster.definition().scheduler()
        : cluster.governance().scheduler();
  }

  /** Chooses the ACTIVE cluster with the most usable idle capacity, and says why. */
  public PlacementResult place(PlacementRequest request) {
    List<PlacementCandidate> candidates = new ArrayList<>();
    for (RegisteredCluster cluster : connections.registry().list()) {
      candidates.add(candidate(cluster));
    }
    return new Placement(Freshness.DEFAULT).place(request, candidates, clock.instant());
  }

  /**
   * Placement inside one named cluster: the partition a job that names none should go to, by the
   * same rule and data as {@link #place}.
   */
  public PlacementResult placeIn(String name, PlacementRequest request) {
    PlacementCandidate candidate = candidate(connections.cluster(name));
    return new Placement(Freshness.DEFAULT).place(request, List.of(candidate), clock.instant());
  }

  /**
   * A closed gate ends the candidate's evaluation, so nothing is read of a cluster not approved.
   */
  private PlacementCandidate candidate(RegisteredCluster cluster) {
    ClusterGate gate = gate(cluster);
    return new PlacementCandidate(
        cluster.name(),
        gate,
        scheduler(cluster),
        cluster.governance() == null ? null : cluster.governance().capabilities(),
        gate.open() ? inventory(cluster) : null);
  }

  /** Fail-fast checks of one cluster before submitting; reaches it over its own transport. */
  public PreflightReport preflight(String name, PreflightAsk request, Actor actor) {
    RegisteredCluster cluster = connections.cluster(name);
    PreflightTarget target = new PreflightTarget(name, gate(cluster), scheduler(cluster));
    return connections.withRunner(
        cluster,
        actor,
        runner -> new Preflight(adapters.probes(context), adapters).run(target, request, runner));
  }

  /** GPUs, utilization, GPU-hours and cost of every ACTIVE cluster. */
  public FleetCapacity capacity(Map<String, String> env) {
    BigDecimal rate = CostRate.fromEnvironment(env);
    List<ClusterUsage> usage = new ArrayList<>();
    for (RegisteredCluster cluster : connections.registry().list()) {
      if (cluster.state() != ClusterState.ACTIVE) {
        continue;
      }
      List<BigDecimal> hours =
          jobs.list(new JobRecords.Filter(cluster.name(), null, null)).stream()
              .filter(j -> !j.state().awaitsScheduler() || j.gpuHours() != null)
              .map(TrackedJob::gpuHours)
              .toList();
      NodeInventory nodes = inventory(cluster);
      usage.add(
          new ClusterUsage(
              cluster.name(),
              nodes,
              cluster.governance().capabilities(),
              hours,
              instance(cluster, nodes)));
    }
    return Capacity.report(usage, rate);
  }

  /** What names the scheduler instance however it is reached (a Flux instance registered twice). */
  private String instance(RegisteredCluster cluster, NodeInventory nodes) {
    if (cluster.definition() == null) {
      return null;
    }
    return adapters
        .find(cluster.definition().scheduler())
        .map(a -> a.instanceIdentity(cluster.definition(), nodes))
        .orElse(null);
  }
}
