package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.discovery.NodesResult;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.ReadFrom;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc nodes}: every compute node of a host's scheduler, normalized. */
@Command(
    name = "nodes",
    mixinStandardHelpOptions = true,
    description = "List compute nodes with CPUs, memory, GPUs, normalized state and partitions.")
final class NodesCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      description =
          "Login node to query over SSH (default: $EXAMLOPS_HPC_SSH_HOST, else this machine).")
  String host;

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description =
          "Read a registered cluster through its own definition (pinned host key). Default with --save: $EXAMLOPS_HPC_CLUSTER.")
  String cluster;

  @Option(
      names = "--save",
      description =
          "Persist the inventory as a snapshot of --cluster in platform.db (placement and capacity read it).")
  boolean save;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    String name = save || cluster != null ? exa().clusterOrDefault(cluster) : null;
    NodesResult inventory =
        exa()
            .fleet()
            .discovery()
            .nodes(
                exa().actor(),
                new NodesRequest(connection.target(host), name, ReadFrom.SCHEDULER, save));
    Output output = output();
    output.emit(
        inventory,
        () -> {
          table(inventory.nodes()).print(output.out(), format);
          if (inventory.snapshotId() != null) {
            output
                .out()
                .println(
                    "Saved snapshot "
                        + inventory.snapshotId()
                        + " of "
                        + name
                        + " ("
                        + Plural.of(inventory.nodes().size(), "node")
                        + ") at "
                        + inventory.takenAt());
          }
        });
    return ExitCode.OK;
  }

  static Table table(List<NodeInfo> nodes) {
    Table table =
        new Table(
                "NODE",
                "CPUS",
                "MEMORY_MB",
                "GPUS",
                "IDLE_GPUS",
                "STATE",
                "RAW_STATE",
                "PARTITIONS",
                "REASON")
            .right("CPUS", "MEMORY_MB", "IDLE_GPUS");
    for (NodeInfo node : nodes) {
      table.row(
          node.name(),
          node.cpus(),
          node.memoryMb(),
          gpus(node),
          node.idleGpus().isPresent() ? Integer.toString(node.idleGpus().getAsInt()) : "unknown",
          node.state().label(),
          node.rawState(),
          String.join(",", node.partitions()),
          node.reason());
    }
    return table;
  }

  private static String gpus(NodeInfo node) {
    if (node.gpus().isEmpty()) {
      return "-";
    }
    return node.gpus().stream()
        .map(g -> (g.hasType() ? g.type() + ":" : "") + g.count())
        .collect(Collectors.joining(","));
  }
}
