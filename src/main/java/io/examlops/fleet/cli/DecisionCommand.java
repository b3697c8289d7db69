package io.examlops.fleet.cli;

import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterRevision;

/**
 * A decision on a cluster (approve, reject): the caller's own, or with {@code --for} the one an
 * admin made elsewhere, on the revision that was reviewed ({@code --expect}).
 *
 * @param <R> what the governance service answers to the decision
 */
abstract class DecisionCommand<R> extends FleetCommand {
  /**
   * Decides on the revision {@code expected} names, as the acting user or for the admin {@code
   * forUser} names. The options stay the subclass's own, after its other options (the order of the
   * help and the man page).
   */
  final R decide(ExpectedRevision expected, OnBehalfOption forUser) {
    ClusterRevision shown = expected.revision();
    GovernanceService governance = exa().fleet().governance();
    return forUser.user == null
        ? own(governance, exa().actor(), shown)
        : onBehalf(governance, exa().actor(), forUser.user, shown);
  }

  /** The decision of {@code actor}'s own. */
  abstract R own(GovernanceService governance, Actor actor, ClusterRevision shown);

  /** The decision {@code admin} made, recorded by {@code actor} (a token with on-behalf scope). */
  abstract R onBehalf(
      GovernanceService governance, Actor actor, String admin, ClusterRevision shown);
}
