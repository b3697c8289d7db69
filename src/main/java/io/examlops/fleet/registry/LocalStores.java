package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.settings.FleetSettings;
import java.time.Clock;

/**
 * This machine's clusters.yaml and platform.db, opened on first use: operations that only discover
 * never touch them. Safe to share between threads.
 */
public final class LocalStores implements Stores {
  private final FleetSettings settings;
  private final Clock clock;
  private final WriteHook hook;
  private ClusterRegistry registry;

  public LocalStores(FleetSettings settings, Clock clock, WriteHook hook) {
    this.settings = settings;
    this.clock = clock;
    this.hook = hook;
  }

  @Override
  public synchronized ClusterRegistry registry() {
    if (registry == null) {
      registry = ClusterRegistry.open(settings, clock, hook);
    }
    return registry;
  }

  @Override
  public ClusterStore clusters() {
    return registry();
  }

  @Override
  public JobRecords jobs(Actor actor) {
    return registry().jobStore();
  }
}
