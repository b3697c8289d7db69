package io.examlops.fleet.capacity;

import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.UtilizationSample;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.model.capacity.GpuHoursTally;
import io.examlops.fleet.model.capacity.ModelHours;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.registry.Timestamps;
import io.examlops.fleet.registry.UtilizationHistory;
import io.examlops.fleet.scheduler.NodeInventory;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fleet holds and has used: GPUs now, utilization, GPU-hours and their cost, and GPUs in
 * use over time. Reads stored snapshots; it reaches a cluster only to follow unfinished jobs when
 * asked. Stateless: safe to share between threads.
 */
public final class CapacityService {
  private final Clusters clusters;
  private final JobService jobs;

  /**
   * @param jobs what follows unfinished jobs before capacity is counted
   */
  public CapacityService(Clusters clusters, JobService jobs) {
    this.clusters = clusters;
    this.jobs = jobs;
  }

  /** GPUs, utilization, GPU-hours and cost of every ACTIVE cluster. */
  public FleetCapacity capacity(Actor actor, CapacityRequest request) {
    if (request.from() == ReadFrom.SCHEDULER) {
      jobs.followAll(actor);
    }
    JobRecords records = clusters.stores().jobs(Stores.READER);
    List<ClusterUsage> usage = new ArrayList<>();
    for (RegisteredCluster cluster : clusters.connections().store().list()) {
      if (cluster.state() != ClusterState.ACTIVE) {
        continue;
      }
      GpuHoursTally hours = records.gpuHours(cluster.name());
      NodeInventory nodes = clusters.latest().inventory(cluster);
      usage.add(
          new ClusterUsage(
              cluster.name(),
              nodes,
              cluster.governance().capabilities(),
              hours,
              instance(cluster, nodes)));
    }
    return Capacity.report(
        usage,
        clusters.context().settings().costRate(),
        clusters.context().settings().costCurrency());
  }

  /**
   * The GPU-hours of each model's tracked jobs over the fleet, as recorded (no scheduler is asked),
   * counted as each cluster's are: read from the store's running tally, not from every job run.
   */
  public List<ModelHours> gpuHoursByModel() {
    return clusters.stores().jobs(Stores.READER).gpuHoursByModel();
  }

  /**
   * GPUs in use over time: each cluster's samples at their own times, the fleet's totals, and when
   * there is nothing to draw, why.
   */
  public UtilizationResult utilization(UtilizationRequest request) {
    List<UtilizationSample> samples =
        new UtilizationHistory(clusters.stores().registry().platformDb())
            .since(request.cluster(), request.since());
    return new UtilizationResult(
        request.since(), samples, FleetSeries.of(samples), noData(request, samples));
  }

  /** Why there is nothing to draw; {@code null} when some sample says how many GPUs are in use. */
  private String noData(UtilizationRequest request, List<UtilizationSample> samples) {
    if (samples.stream().anyMatch(s -> s.gpusInUse() != null)) {
      return null;
    }
    String since = Timestamps.format(request.since());
    if (!samples.isEmpty()) {
      return "no data yet: none of the "
          + samples.size()
          + " samples since "
          + since
          + " says how many GPUs are in use (the scheduler did not tell)";
    }
    boolean active =
        clusters.connections().store().list().stream()
            .anyMatch(
                c ->
                    c.state() == ClusterState.ACTIVE
                        && (request.cluster() == null || c.name().equals(request.cluster())));
    if (!active) {
      return "no data yet: "
          + (request.cluster() == null
              ? "no cluster is ACTIVE"
              : "cluster '" + request.cluster() + "' is not ACTIVE")
          + "; samples are recorded for approved clusters only, each time one is refreshed";
    }
    return "no data yet: no samples since "
        + since
        + "; one is recorded each time an ACTIVE cluster is refreshed";
  }

  /** What names the scheduler instance however it is reached (a Flux instance registered twice). */
  private String instance(RegisteredCluster cluster, NodeInventory nodes) {
    if (cluster.definition() == null) {
      return null;
    }
    return clusters
        .adapters()
        .find(cluster.definition().scheduler())
        .map(a -> a.instanceIdentity(cluster.definition(), nodes))
        .orElse(null);
  }
}
