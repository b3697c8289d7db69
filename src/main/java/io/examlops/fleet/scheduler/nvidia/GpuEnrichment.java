package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.transport.CommandRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Adds GPU device detail to a scheduler that reports only GPU counts (Flux): reads nvidia-smi on
 * one reachable host and ties its GPUs to the scheduler's node of the same name.
 */
public final class GpuEnrichment {

  private GpuEnrichment() {}

  /**
   * GPU detail for one node.
   *
   * @param node the scheduler's node name, or the host's own name when no node matched
   * @param gpus the host's GPUs, tagged with {@code node}
   * @param warnings disagreements worth showing (no such node, different GPU counts)
   */
  public record Enriched(String node, List<GpuInfo> gpus, List<String> warnings) {
    public Enriched {
      gpus = List.copyOf(gpus);
      warnings = List.copyOf(warnings);
    }
  }

  /** Reads nvidia-smi through {@code runner} (one round trip) and matches it to {@code nodes}. */
  public static Enriched read(CommandRunner runner, List<NodeInfo> nodes) {
    NvidiaSnapshot snapshot = new NvidiaProbe().snapshot(runner);
    return match(nodes, snapshot.host(), snapshot.gpus());
  }

  /**
   * Ties {@code gpus}, read on {@code host}, to the node of that name. Names match exactly or by
   * their first label ({@code node1} and {@code node1.cluster.example}), ignoring case, because
   * schedulers and {@code hostname} disagree on domain suffixes.
   */
  public static Enriched match(List<NodeInfo> nodes, String host, List<GpuInfo> gpus) {
    List<String> warnings = new ArrayList<>();
    Optional<NodeInfo> node = find(nodes, host);
    String name = node.map(NodeInfo::name).orElse(host);
    if (node.isEmpty()) {
      warnings.add("host " + host + " is not among the scheduler's nodes");
    } else if (node.get().gpuCount() != gpus.size()) {
      warnings.add(
          "the scheduler counts "
              + node.get().gpuCount()
              + " GPUs on "
              + name
              + " but nvidia-smi lists "
              + gpus.size());
    }
    return new Enriched(name, gpus.stream().map(g -> g.withHost(name)).toList(), warnings);
  }

  private static Optional<NodeInfo> find(List<NodeInfo> nodes, String host) {
    Optional<NodeInfo> exact =
        nodes.stream().filter(n -> n.name().equalsIgnoreCase(host)).findFirst();
    if (exact.isPresent()) {
      return exact;
    }
    String shortHost = shortName(host);
    List<NodeInfo> byShort =
        nodes.stream().filter(n -> shortName(n.name()).equals(shortHost)).toList();
    // Two nodes with the same first label cannot be told apart: match none rather than guess.
    return byShort.size() == 1 ? Optional.of(byShort.get(0)) : Optional.empty();
  }

  private static String shortName(String name) {
    int dot = name.indexOf('.');
    return (dot < 0 ? name : name.substring(0, dot)).toLowerCase(Locale.ROOT);
  }
}
