package io.examlops.fleet.placement;

import io.examlops.fleet.model.SchedulerKind;
import java.util.Objects;

/**
 * The cluster preflight checks, as the registry describes it.
 *
 * @param cluster its registered name
 * @param gate governance state and whether its approval (pinned host key, host) still holds
 * @param scheduler the scheduler it was registered with
 */
public record PreflightTarget(String cluster, ClusterGate gate, SchedulerKind scheduler) {
  public PreflightTarget {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(scheduler, "scheduler");
  }
}
