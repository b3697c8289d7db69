package io.examlops.fleet;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.capacity.CapacityService;
import io.examlops.fleet.discovery.DiscoveryService;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.jobs.DirectJobService;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.placement.DirectPlacementService;
import io.examlops.fleet.placement.PlacementService;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.LatestNodes;
import io.examlops.fleet.registry.LocalStores;
import io.examlops.fleet.registry.SqliteNativeLibrary;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.remote.CentralStores;
import io.examlops.fleet.remote.Gateway;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.settings.FleetSettings;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The composition root: builds, once, one service per feature over the stores the settings name
 * (this machine's clusters.yaml and platform.db, or in central mode a console's) and hands them
 * out; every surface calls those services ({@code fleet.jobs().submit(actor, request)}). A new
 * operation goes into its feature's service, never here.
 *
 * <p>Threads: a {@code Fleet} and its services may be shared by any number of threads (the
 * console's handlers and its refresher share one). What the services know is in the stores, which
 * open on first use under a lock, and each operation runs in its own transactions; the jobs service
 * alone keeps some in memory, safe to share (its watchers, the submissions in flight).
 */
public final class Fleet {
  private final DiscoveryService discovery;
  private final GovernanceService governance;
  private final PlacementService placement;
  private final JobService jobs;
  private final CapacityService capacity;
  private final AccessService access;

  private Fleet(FleetSettings settings, Clock clock, SchedulerAdapters adapters, WriteHook hook) {
    adapters.requireKnown(settings.scheduler());
    CentralStores central = settings.centralMode() ? new CentralStores(settings.central()) : null;
    Stores stores = central != null ? central : new LocalStores(settings, clock, hook);
    SchedulerContext context =
        new SchedulerContext(
            settings, clock, cluster -> stores.jobs(Stores.READER).gpusInUse(cluster));
    ClusterConnections connections = ClusterConnections.of(stores, settings, adapters);
    Clusters clusters =
        new Clusters(
            stores,
            connections,
            new LatestNodes(connections, adapters, context),
            adapters,
            context);
    discovery = new DiscoveryService(clusters);
    governance = new GovernanceService(clusters);
    if (central != null) {
      // An agent of the console, the fleet's gateway: it asks the console, never a cluster.
      Gateway gateway = central.gateway(settings.leases());
      placement = gateway.placement();
      jobs = gateway.jobs();
    } else {
      placement = new DirectPlacementService(clusters);
      jobs = new DirectJobService(clusters, placement, governance);
    }
    capacity = new CapacityService(clusters, jobs);
    access = new AccessService(clusters);
  }

  /** A fleet of the schedulers HPC Fleet ships. */
  public static Fleet of(FleetSettings settings, Clock clock) {
    return of(settings, clock, StandardSchedulers.adapters(), WriteHook.NONE);
  }

  /**
   * A fleet of these schedulers ({@link StandardSchedulers#adapters()} and any added with {@link
   * SchedulerAdapters#with}), its stores' writes reporting to {@code hook} (fault tests; the
   * product passes {@link WriteHook#NONE}).
   *
   * @throws FleetException when the settings name a scheduler that is not registered
   */
  public static Fleet of(
      FleetSettings settings, Clock clock, SchedulerAdapters adapters, WriteHook hook) {
    return new Fleet(settings, clock, adapters, hook);
  }

  public DiscoveryService discovery() {
    return discovery;
  }

  public GovernanceService governance() {
    return governance;
  }

  public PlacementService placement() {
    return placement;
  }

  public JobService jobs() {
    return jobs;
  }

  public CapacityService capacity() {
    return capacity;
  }

  public AccessService access() {
    return access;
  }

  /**
   * Lets the store's native library load from {@code cache} (extracted there once per version)
   * instead of being copied to the temporary directory by every process. Call before anything opens
   * the store, first thing in a surface's main method.
   *
   * @param platform the JVM's {@code os.name-os.arch}, which names the library's directory
   */
  public static void useNativeLibraryCache(Path cache, String platform) {
    SqliteNativeLibrary.useCacheUnder(cache, platform);
  }
}
