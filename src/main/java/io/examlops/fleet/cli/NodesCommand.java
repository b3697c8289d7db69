package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.NodeInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;
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

  @Option(names = "--cluster", paramLabel = "NAME", description = "Read a registered cluster through its own definition (pinned host key). Default with --save: $EXAMLOPS_HPC_CLUSTER.")
  String cluster;

  @Option(names = "--save", description = "Persist the inventory as a snapshot of --cluster in platform.db (placement and capacity read it).")
  boolean save;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    Fleet fleet = exa().fleet();
    String name = save || cluster != null ? exa().clusterOrDefault(cluster) : null;
    if (name != null && host != null) {
      var definition = fleet.connections().cluster(name).definition();
      if (definition != null && !host.equals(definition.host())) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "--host " + host + " is not the host of cluster '" + name + "' ("
                + definition.host() + "); leave --host out to read the cluster as registered");
      }
    }
    NodeInventory inventory =
        name == null
            ? fleet.discovery().nodes(connection.endpoint(host, exa().env))
            : fleet.clusterNodes(name);
    NodeSnapshot snapshot = save ? fleet.registry().saveSnapshot(name, inventory.nodes(), fleet.actor()) : null;
    Output output = output();
    output.emit(json(inventory, name, snapshot), () -> {
      table(inventory).print(output.out());
      if (snapshot != null) {
        output.out().println("Saved snapshot " + snapshot.id() + " of " + name + " ("
            + Plural.of(snapshot.nodes().size(), "node") + ") at " + snapshot.takenAt());
      }
    });
    return ExitCode.OK;
  }

  static Map<String, Object> json(NodeInventory inventory, String cluster, NodeSnapshot snapshot) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("cluster", cluster);
    json.put("scheduler", inventory.scheduler());
    json.put("target", inventory.target());
    json.put("takenAt", inventory.takenAt());
    json.put("snapshotId", snapshot == null ? null : snapshot.id());
    json.put("nodes", inventory.nodes());
    return json;
  }

  static Table table(NodeInventory inventory) {
    Table table =
        new Table("NODE", "CPUS", "MEMORY_MB", "GPUS", "IDLE_GPUS", "STATE", "RAW_STATE", "PARTITIONS", "REASON")
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
