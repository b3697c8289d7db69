package io.examlops.fleet;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.capacity.CapacityService;
import io.examlops.fleet.discovery.Discovery;
import io.examlops.fleet.discovery.DiscoveryService;
import io.examlops.fleet.discovery.HostEndpoints;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.jobs.JobRecordService;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.jobs.JobTracker;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.placement.PlacementService;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.LatestNodes;
import io.examlops.fleet.registry.LocalStores;
import io.examlops.fleet.registry.SqliteNativeLibrary;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.remote.CentralStores;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The composition root: builds, once, one service per feature over the stores the settings name
 * (this machine's clusters.yaml and platform.db, or in central mode a console's) and hands them
 * out; every surface calls those services ({@code fleet.jobs().submit(actor, request)}). A new
 * operation goes into its feature's service, never here.
 *
 * <p>Threads: a {@code Fleet} and its services may be shared by any number of threads (the
 * console's handlers and its refresher share one). The services hold no state of their own; the
 * stores open on first use under a lock, and each operation runs in its own transactions.
 */
public final class Fleet {
  private final DiscoveryService discovery;
  private final GovernanceService governance;
  private final PlacementService placement;
  private final JobService jobs;
  private final JobRecordService jobRecords;
  private final CapacityService capacity;
  private final AccessService access;

  private Fleet(FleetSettings settings, Clock clock, SchedulerAdapters adapters, WriteHook hook) {
    requireKnownScheduler(settings.scheduler(), adapters);
    Stores stores =
        settings.centralMode()
            ? new CentralStores(settings.central())
            : new LocalStores(settings, clock, hook);
    SchedulerContext context =
        new SchedulerContext(settings, clock, cluster -> gpusInUse(stores, cluster));
    ClientEnvironment client = ClientEnvironment.of(settings.keyPassphrase());
    ClusterConnections connections =
        new ClusterConnections(
            stores,
            TransportOptions.DEFAULTS,
            settings.ssh().knownHosts(),
            client,
            adapters,
            settings.credential());
    Clusters clusters =
        new Clusters(
            stores,
            connections,
            new LatestNodes(connections, adapters, context),
            adapters,
            context);
    Discovery detection = new Discovery(adapters.detectionProbes(context), clock);
    HostEndpoints endpoints = new HostEndpoints(settings, client);
    discovery = new DiscoveryService(clusters, detection, endpoints);
    governance = new GovernanceService(clusters, detection, endpoints);
    placement = new PlacementService(clusters);
    jobs =
        new JobService(
            clusters,
            new JobTracker(connections, stores::jobs, adapters, context),
            placement,
            governance);
    jobRecords = new JobRecordService(clusters);
    capacity = new CapacityService(clusters, jobs, settings.costRate());
    access = new AccessService(stores, clock);
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

  /** The job records agents in central mode read and write through the console. */
  public JobRecordService jobRecords() {
    return jobRecords;
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

  /** The GPUs a cluster's unfinished tracked jobs hold: what the mock's node reports in use. */
  private static int gpusInUse(Stores stores, String cluster) {
    return stores.jobs(Stores.READER).list(new JobRecords.Filter(cluster, null, null)).stream()
        .filter(j -> !j.state().terminal() && j.gpus() != null)
        .mapToInt(TrackedJob::gpus)
        .sum();
  }

  /** {@code EXAMLOPS_HPC_SCHEDULER} must name a registered scheduler, if it is set. */
  private static void requireKnownScheduler(String label, SchedulerAdapters adapters) {
    if (label == null || adapters.kinds().stream().anyMatch(k -> k.label().equals(label))) {
      return;
    }
    throw new FleetException(
        io.examlops.fleet.model.ErrorKind.INVALID_REQUEST,
        Variables.SCHEDULER
            + " is "
            + Printable.quoted(label)
            + ", which is not a scheduler: use one of "
            + String.join(", ", adapters.kinds().stream().map(SchedulerKind::label).toList())
            + " (a registered cluster's environment gives the right value), or unset it",
        Hint.of(Hint.Action.SHOW_ENVIRONMENT),
        null);
  }
}
