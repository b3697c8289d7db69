package io.examlops.fleet.cli;

import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.governance.RejectForRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterRevision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code exa hpc reject}: block (or revoke) a cluster, with a reason. */
@Command(
    name = "reject",
    mixinStandardHelpOptions = true,
    description =
        "Reject a cluster (admin), or revoke an approved one: it becomes REJECTED and receives no"
            + " work. A reason is required. Audited with the acting user.")
final class RejectCommand extends DecisionCommand<RejectResult> {
  @Parameters(index = "0", paramLabel = "NAME", description = "The cluster to reject.")
  String name;

  @Option(
      names = "--reason",
      required = true,
      paramLabel = "TEXT",
      description = "Why, for the audit trail.")
  String reason;

  @Mixin ExpectedRevision expected;

  @Mixin OnBehalfOption forUser;

  @Override
  RejectResult own(GovernanceService governance, Actor actor, ClusterRevision shown) {
    return governance.reject(actor, new RejectRequest(name, reason, shown));
  }

  @Override
  RejectResult onBehalf(
      GovernanceService governance, Actor actor, String admin, ClusterRevision shown) {
    return governance.rejectFor(actor, new RejectForRequest(name, admin, reason, shown));
  }

  @Override
  public Integer call() {
    RejectResult cluster = decide(expected, forUser);
    output()
        .emitLine(
            cluster,
            () ->
                "Rejected "
                    + cluster.name()
                    + " by "
                    + cluster.rejectedBy()
                    + ": "
                    + cluster.reason());
    return ExitCode.OK;
  }
}
