package io.examlops.fleet.scheduler;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * What an adapter may take from the fleet it serves. Nothing here is read from the process: the
 * surface read the environment once and handed it in.
 *
 * @param env the environment the surface read ({@code EXAMLOPS_*} settings)
 * @param clock the fleet's clock
 * @param stateDir where adapters keep local state (beside platform.db), resolved on first use
 * @param gpusInUse the GPUs a registered cluster's unfinished tracked jobs hold, by cluster name
 */
public record SchedulerContext(
    Map<String, String> env,
    Clock clock,
    Supplier<Path> stateDir,
    ToIntFunction<String> gpusInUse) {

  public SchedulerContext {
    env = Map.copyOf(env);
  }

  /** A context with no local state and no tracked jobs: for reading hosts only. */
  public static SchedulerContext readOnly(Map<String, String> env, Clock clock) {
    return new SchedulerContext(
        env,
        clock,
        () -> {
          throw new IllegalStateException("no local state directory in a read-only context");
        },
        cluster -> 0);
  }
}
