package io.examlops.fleet.cli;

import io.examlops.fleet.ClusterSummary;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code exa hpc clusters}: every registered cluster, its state and whether it may take work. */
@Command(
    name = "clusters",
    mixinStandardHelpOptions = true,
    description =
        "List every registered cluster: state, scheduler, host, capabilities, who requested and"
            + " who approved it, and whether it is schedulable now (and why not). A cluster only"
            + " listed in clusters.yaml shows as PENDING.")
final class ClustersCommand extends FleetCommand {
  @Override
  public Integer call() {
    List<ClusterSummary> clusters =
        exa().fleet().clusters().stream().map(ClusterSummary::of).toList();
    Output output = output();
    output.emit(
        Map.of("clusters", clusters),
        () -> {
          if (clusters.isEmpty()) {
            output.out().println("No cluster is registered. Register one with: exa hpc connect HOST --name NAME");
            return;
          }
          Table table =
              new Table("NAME", "STATE", "SCHEDULABLE", "SCHEDULER", "HOST", "NODES", "GPUS", "IDLE_GPUS", "REQUESTED_BY", "DECIDED_BY")
                  .right("NODES", "GPUS", "IDLE_GPUS");
          for (ClusterSummary c : clusters) {
            var caps = c.capabilities();
            table.row(
                c.name(), c.state(), c.schedulable() ? "yes" : "no", c.scheduler(),
                c.host() == null ? "local" : c.host() + ":" + c.port(),
                caps == null ? null : caps.nodes(), caps == null ? null : caps.gpus(),
                caps == null || caps.idleGpus() == null ? null : caps.idleGpus(),
                c.requestedBy(), c.decidedBy());
          }
          table.print(output.out());
          clusters.stream()
              .filter(c -> !c.schedulable())
              .forEach(c -> output.out().println("  " + c.name() + ": " + c.notSchedulableBecause()));
        });
    return ExitCode.OK;
  }
}
