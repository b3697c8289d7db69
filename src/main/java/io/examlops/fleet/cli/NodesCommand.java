package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.model.NodeInfo;
import java.util.LinkedHashMap;
import java.util.Map;
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
  @Option(names = "--host", paramLabel = "HOST", description = "Login node to query over SSH (default: $EXAMLOPS_HPC_SSH_HOST, else this machine).")
  String host;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    NodeInventory inventory = exa().discovery().nodes(connection.endpoint(host, exa().env));
    Output output = output();
    output.emit(json(inventory), () -> table(inventory).print(output.out()));
    return ExitCode.OK;
  }

  static Map<String, Object> json(NodeInventory inventory) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("scheduler", inventory.scheduler());
    json.put("target", inventory.target());
    json.put("takenAt", inventory.takenAt());
    json.put("nodes", inventory.nodes());
    return json;
  }

  static Table table(NodeInventory inventory) {
    Table table =
        new Table("NODE", "CPUS", "MEMORY_MB", "GPUS", "IDLE_GPUS", "STATE", "RAW_STATE", "PARTITIONS")
            .right("CPUS", "MEMORY_MB", "IDLE_GPUS");
    for (NodeInfo node : inventory.nodes()) {
      table.row(
          node.name(),
          node.cpus(),
          node.memoryMb(),
          gpus(node),
          node.idleGpus().isPresent() ? Integer.toString(node.idleGpus().getAsInt()) : "unknown",
          node.state().label(),
          node.rawState(),
          String.join(",", node.partitions()));
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
