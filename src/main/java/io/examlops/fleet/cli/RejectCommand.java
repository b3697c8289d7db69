package io.examlops.fleet.cli;

import io.examlops.fleet.governance.RejectForRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
import io.examlops.fleet.model.ClusterRevision;
import picocli.CommandLine.Command;
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

  @Option(
      names = "--expect",
      paramLabel = "REVISION",
      description =
          "Decide only if the cluster is still at this revision (the 'revision' of exa hpc"
              + " clusters --json, or of the console's review): if anything changed since, nothing"
              + " is decided and the command says what changed (exit 1).")
  String expected;

  @Option(
      names = "--for",
      paramLabel = "USER",
      description =
          "Decide for this console admin, who decided in another system (the Jenkins user who"
              + " clicked in the governance job), through the console of $EXAMLOPS_SERVER with a"
              + " token that holds the on-behalf scope; needs --expect (what was shown to them)."
              + " Audited as USER via $EXAMLOPS_SURFACE, vouched for by the token.")
  String forUser;

  @Override
  public Integer call() {
    ClusterRevision shown = ClusterRevision.parse(expected, "expected");
    RejectResult cluster =
        forUser == null
            ? exa()
                .fleet()
                .governance()
                .reject(exa().actor(), new RejectRequest(name, reason, shown))
            : exa()
                .fleet()
                .governance()
                .rejectFor(exa().actor(), new RejectForRequest(name, forUser, reason, shown));
    Output output = output();
    output.emit(
        cluster,
        () ->
            output
                .out()
                .println(
                    "Rejected "
                        + cluster.name()
                        + " by "
                        + cluster.rejectedBy()
                        + ": "
                        + cluster.reason()));
    return ExitCode.OK;
  }
}
