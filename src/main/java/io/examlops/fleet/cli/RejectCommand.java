package io.examlops.fleet.cli;

import io.examlops.fleet.model.RegisteredCluster;
import java.util.LinkedHashMap;
import java.util.Map;
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

  @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why, for the audit trail.")
  String reason;

  @Override
  public Integer call() {
    RegisteredCluster cluster = exa().fleet().reject(name, reason);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("name", cluster.name());
    json.put("state", cluster.state());
    json.put("rejectedBy", cluster.governance().decidedBy());
    json.put("rejectedAt", cluster.governance().decidedAt());
    json.put("reason", cluster.governance().reason());
    Output output = output();
    output.emit(json, () -> output.out().println("Rejected " + cluster.name() + " by "
        + cluster.governance().decidedBy() + ": " + cluster.governance().reason()));
    return ExitCode.OK;
  }
}
