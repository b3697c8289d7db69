package io.examlops.fleet.placement;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;

/**
 * Placement and preflight: where a job should run, and whether a cluster would take it now. {@link
 * DirectPlacementService} decides on this process's stores and reaches the cluster itself; in
 * central mode an agent asks the console (the fleet's gateway). Safe to share between threads.
 */
public interface PlacementService {
  /**
   * Chooses the ACTIVE cluster with the most usable idle capacity for a job and says why every
   * other cluster lost; with {@link PlaceRequest#cluster()}, the partition a job should go to in
   * that cluster, by the same rule and data, refused unless the cluster may take work now.
   */
  default PlaceResult place(PlaceRequest request) {
    return place(request, null);
  }

  /**
   * As {@link #place(PlaceRequest)}, within what {@code token} may use ({@code null}: no token's
   * limits): a cluster or partition it may not use, or an ask above its GPUs per job, loses with
   * the token's rule as its reason ({@link Rule#TOKEN}).
   */
  PlaceResult place(PlaceRequest request, ActingToken token);

  /** Fail-fast checks of a cluster before submitting: it is reached over its own transport. */
  PreflightResult preflight(Actor actor, PreflightRequest request);
}
