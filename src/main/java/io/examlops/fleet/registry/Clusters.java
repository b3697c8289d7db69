package io.examlops.fleet.registry;

import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import java.time.Clock;

/**
 * The registered clusters as every service reaches them: where they are stored, how to connect to
 * them through the approval gate, their latest nodes, and the schedulers they run. Built once by
 * the composition root; shared by every service and thread.
 *
 * @param stores this machine's stores, or a central console's
 * @param connections the connections to registered clusters, behind the approval gate
 * @param latest their newest node data, without asking a scheduler
 * @param adapters the registered schedulers
 * @param context what the adapters take from the fleet: its settings, clock and tracked jobs
 */
public record Clusters(
    Stores stores,
    ClusterConnections connections,
    LatestNodes latest,
    SchedulerAdapters adapters,
    SchedulerContext context) {

  public Clock clock() {
    return context.clock();
  }

  /** This machine's registry; refused in central mode (see {@link Stores#registry()}). */
  public ClusterRegistry registry() {
    return stores.registry();
  }
}
