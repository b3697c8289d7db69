package io.examlops.fleet.cli;

import io.examlops.fleet.governance.ApproveForRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ApproveResult;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterRevision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code exa hpc approve}: let a cluster receive work, pinning what was approved. */
@Command(
    name = "approve",
    mixinStandardHelpOptions = true,
    description = {
      "Approve a cluster (admin): it becomes ACTIVE and may receive work. Audited with the acting"
          + " user ($EXAMLOPS_ACTOR, else your user name).",
      "Approval pins the host, port, user, SSH key fingerprint and host-key fingerprint; if any of"
          + " them changes later, the cluster stops being schedulable until approved again."
    })
final class ApproveCommand extends DecisionCommand<ApproveResult> {
  @Parameters(index = "0", paramLabel = "NAME", description = "The cluster to approve.")
  String name;

  @Mixin ExpectedRevision expected;

  @Mixin OnBehalfOption forUser;

  @Override
  ApproveResult own(GovernanceService governance, Actor actor, ClusterRevision shown) {
    return governance.approve(actor, new ApproveRequest(name, shown));
  }

  @Override
  ApproveResult onBehalf(
      GovernanceService governance, Actor actor, String admin, ClusterRevision shown) {
    return governance.approveFor(actor, new ApproveForRequest(name, admin, shown));
  }

  @Override
  public Integer call() {
    ApproveResult cluster = decide(expected, forUser);
    var pin = cluster.pinned();
    Output output = output();
    output.emit(
        cluster,
        () -> {
          output
              .out()
              .println("Approved " + cluster.name() + ": ACTIVE, by " + cluster.approvedBy());
          output
              .out()
              .println(
                  "  pinned scheduler "
                      + pin.scheduler().label()
                      + " over "
                      + pin.transport().label()
                      + (pin.shownSettings().isEmpty()
                          ? ""
                          : ", " + String.join(", ", pin.shownSettings())));
          if (pin.host() != null) {
            output
                .out()
                .println(
                    "  pinned "
                        + pin.user()
                        + "@"
                        + pin.host()
                        + ":"
                        + pin.port()
                        + ", key "
                        + pin.keyFingerprint()
                        + ", host key "
                        + pin.hostKeyFingerprint());
            pin.jumps().forEach(hop -> output.out().println("  pinned via " + hop));
          }
        });
    return ExitCode.OK;
  }
}
