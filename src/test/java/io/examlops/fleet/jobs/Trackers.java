package io.examlops.fleet.jobs;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.LocalStores;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.settings.ClientCredential;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.SharedRunners;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** Job trackers as the product builds them, over real stores and connections. */
final class Trackers {
  private Trackers() {}

  /**
   * A tracker over the registry and data directory {@code env} names, reaching clusters with the
   * shipped schedulers and the default transport, host keys checked against {@code knownHosts}.
   */
  static JobTracker over(Map<String, String> env, Path knownHosts) {
    FleetSettings settings = TestFleets.settings(env);
    Stores stores = new LocalStores(settings, Clock.systemUTC(), WriteHook.NONE);
    ClusterConnections connections =
        new ClusterConnections(
            stores,
            TransportOptions.DEFAULTS,
            knownHosts,
            ClientEnvironment.of(Secret.NONE),
            StandardSchedulers.adapters(),
            ClientCredential.NONE,
            SharedRunners::process);
    return new JobTracker(
        new Clusters(
            stores,
            connections,
            null,
            StandardSchedulers.adapters(),
            new SchedulerContext(settings, Clock.systemUTC(), c -> 0)));
  }
}
