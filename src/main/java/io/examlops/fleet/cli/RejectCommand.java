package io.examlops.fleet.cli;

import io.examlops.fleet.governance.RejectForRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
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
final class RejectCommand extends FleetCommand {
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
  public Integer call() {
    ClusterRevision shown = expected.revision();
    RejectResult cluster =
        forUser.user == null
            ? exa()
                .fleet()
                .governance()
                .reject(exa().actor(), new RejectRequest(name, reason, shown))
            : exa()
                .fleet()
                .governance()
                .rejectFor(exa().actor(), new RejectForRequest(name, forUser.user, reason, shown));
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
