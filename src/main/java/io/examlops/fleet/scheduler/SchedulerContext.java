package io.examlops.fleet.scheduler;

import io.examlops.fleet.settings.FleetSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.ToIntFunction;

/**
 * What an adapter may take from the fleet it serves. Nothing here is read from the process: the
 * surface read the environment once, into the settings.
 *
 * @param settings the fleet's settings
 * @param clock the fleet's clock
 * @param gpusInUse the GPUs a registered cluster's unfinished tracked jobs hold, by cluster name
 */
public record SchedulerContext(
    FleetSettings settings, Clock clock, ToIntFunction<String> gpusInUse) {

  /** Where adapters keep local state (the mock's jobs): beside platform.db. */
  public Path stateDir() {
    return settings.registry().stateDir();
  }
}
