package io.examlops.fleet.placement;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.NodeInventory;
import java.util.Objects;

/**
 * One registered cluster as placement sees it; the caller fills it from the registry.
 *
 * @param name the cluster's registered name
 * @param gate governance state and approval
 * @param scheduler the declared scheduler
 * @param declared capabilities recorded at connect or re-probe time; {@code null} when none
 * @param snapshot the latest stored node snapshot ({@code hpc_nodes}), summed; {@code null} when
 *     none
 * @param claims the cluster's tracked jobs not yet ended, which the snapshot may not show
 */
public record PlacementCandidate(
    String name,
    ClusterGate gate,
    SchedulerKind scheduler,
    ClusterCaps declared,
    SnapshotSummary snapshot,
    Claims claims) {

  public PlacementCandidate {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(gate, "gate");
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(claims, "claims");
  }

  /** A candidate without tracked jobs. */
  public PlacementCandidate(
      String name,
      ClusterGate gate,
      SchedulerKind scheduler,
      ClusterCaps declared,
      SnapshotSummary snapshot) {
    this(name, gate, scheduler, declared, snapshot, Claims.NONE);
  }

  /** A candidate whose snapshot is summed here, once, for every decision made on it. */
  public PlacementCandidate(
      String name,
      ClusterGate gate,
      SchedulerKind scheduler,
      ClusterCaps declared,
      NodeInventory snapshot) {
    this(name, gate, scheduler, declared, snapshot == null ? null : SnapshotSummary.of(snapshot));
  }

  /** This candidate with its cluster's tracked jobs, which placement counts as claimed. */
  public PlacementCandidate withClaims(Claims tracked) {
    return new PlacementCandidate(name, gate, scheduler, declared, snapshot, tracked.on(name));
  }

  /** {@code flux@lxp}: how explanations name a cluster. */
  public String label() {
    return scheduler.label() + "@" + name;
  }
}
