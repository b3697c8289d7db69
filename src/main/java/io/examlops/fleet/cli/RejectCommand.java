package io.examlops.fleet.cli;

import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
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

  @Override
  public Integer call() {
    RejectResult cluster =
        exa()
            .fleet()
            .governance()
            .reject(exa().actor(), new RejectRequest(name, reason, expected.revision()));
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
