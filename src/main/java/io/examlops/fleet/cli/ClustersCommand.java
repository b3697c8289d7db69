package io.examlops.fleet.cli;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ClustersResult;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code exa hpc clusters}: every registered cluster, its state and whether it may take work. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description =
        "List every registered cluster: state, scheduler, host, capabilities, who requested and"
            + " who approved it, and whether it is schedulable now (and why not). A cluster only"
            + " listed in clusters.yaml shows as PENDING.")
final class ClustersCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Override
  public Integer call() {
    ClustersResult result = exa().fleet().governance().clusters();
    List<ClusterSummary> clusters = result.clusters();
    Output output = output();
    output.emit(
        result,
        () -> {
          if (clusters.isEmpty()) {
            output
                .out()
                .println(
                    "No cluster is registered. Register one with: exa hpc connect HOST --name NAME");
            return;
          }
          Table table =
              new Table(
                      "NAME",
                      "STATE",
                      "SCHEDULABLE",
                      "SCHEDULER",
                      "HOST",
                      "NODES",
                      "GPUS",
                      "IDLE_GPUS",
                      "REQUESTED_BY",
                      "DECIDED_BY")
                  .right("NODES", "GPUS", "IDLE_GPUS");
          for (ClusterSummary c : clusters) {
            var caps = c.capabilities();
            table.row(
                c.name(),
                c.state(),
                c.schedulable() ? "yes" : "no",
                c.scheduler(),
                c.host() == null ? "local" : c.host() + ":" + c.port(),
                caps == null ? null : caps.nodes(),
                caps == null ? null : caps.gpus(),
                caps == null || caps.idleGpus() == null ? null : caps.idleGpus(),
                c.requestedBy(),
                c.decidedBy());
          }
          table.print(output.out(), format);
          clusters.stream()
              .filter(c -> !c.schedulable())
              .forEach(
                  c ->
                      output
                          .out()
                          .println(
                              "  "
                                  + c.name()
                                  + ": "
                                  + Failures.withHint(
                                      c.notSchedulableBecause(), c.notSchedulableHint())));
        });
    return ExitCode.OK;
  }
}
