package io.examlops.fleet.placement;

/**
 * Only an ACTIVE cluster whose approval still holds is considered; a closed gate ends the cluster's
 * evaluation, so nothing is read of a cluster not approved.
 */
final class ApprovalFilter {
  private ApprovalFilter() {}

  static Reason check(ClusterGate gate) {
    if (gate.open()) {
      return Reason.pass(
          Rule.APPROVAL, null, ClusterGate.ACTIVE, gate.state(), "ACTIVE, approval holds");
    }
    String there =
        ClusterGate.ACTIVE.equals(gate.state())
            ? gate.state() + ": " + gate.whyClosed()
            : gate.state();
    return Reason.fail(Rule.APPROVAL, null, ClusterGate.ACTIVE, there, gate.whyClosed());
  }
}
