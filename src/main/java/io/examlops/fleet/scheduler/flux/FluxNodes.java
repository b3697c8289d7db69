package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.hostlist.Hostlist;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-node view of a Flux instance, joined by broker rank from the scheduler view (all and
 * allocated resources) and the system view ({@code flux resource status}).
 *
 * @param nodes every node that is not excluded, in rank order
 * @param excludedHosts hosts excluded by configuration: outside the schedulable set, so not nodes
 * @param drainReasons drain reason by node name, for drained and draining nodes
 */
public record FluxNodes(
    List<NodeInfo> nodes, List<String> excludedHosts, Map<String, String> drainReasons) {

  public FluxNodes {
    nodes = List.copyOf(nodes);
    excludedHosts = List.copyOf(excludedHosts);
    drainReasons = Map.copyOf(drainReasons);
  }

  /**
   * Joins the views.
   *
   * @param all every schedulable rank with all its resources
   * @param allocated the allocated resources per rank
   * @param status the system view, or {@code null} when it could not be read: then every node's
   *     state is UNKNOWN, never idle
   * @param queues the configured queues, for each node's partitions
   */
  public static FluxNodes assemble(
      FluxResourceSet all,
      FluxResourceSet allocated,
      List<FluxStatusLine> status,
      FluxQueues queues) {
    Map<Long, RankStatus> byRank = new HashMap<>();
    List<String> excluded = new ArrayList<>();
    for (FluxStatusLine line : status == null ? List.<FluxStatusLine>of() : status) {
      if (line.baseState().equals("exclude")) {
        excluded.addAll(Hostlist.expand(line.nodelist(), Hostlist.Dialect.FLUX));
      }
      for (long rank : line.ranks()) {
        byRank.computeIfAbsent(rank, r -> new RankStatus()).add(line);
      }
    }
    Map<String, Integer> hostUses = new HashMap<>();
    all.ranks().forEach(r -> hostUses.merge(r.host(), 1, Integer::sum));

    List<NodeInfo> nodes = new ArrayList<>();
    Map<String, String> reasons = new LinkedHashMap<>();
    for (FluxRank rank : all.ranks()) {
      RankStatus rs = byRank.getOrDefault(rank.rank(), new RankStatus());
      if (rs.states.contains("exclude")) {
        continue;
      }
      FluxRank used = allocated.rank(rank.rank());
      int coresInUse = used == null ? 0 : used.cores();
      int gpusInUse = used == null ? 0 : used.gpus();
      NodeState state =
          FluxNodeStates.map(
              rs.states, rs.offline, rank.cores(), rank.gpus(), coresInUse, gpusInUse);
      // Flux allows one host name on several ranks (test instances: vm,vm,vm,vm); the rank keeps
      // the names apart.
      String name =
          hostUses.get(rank.host()) > 1 ? rank.host() + "@rank" + rank.rank() : rank.host();
      if (!rs.reason.isEmpty()) {
        reasons.put(name, rs.reason);
      }
      nodes.add(
          new NodeInfo(
              name,
              rank.cores(),
              0,
              rank.gpus() == 0 ? List.of() : List.of(GpuGroup.untyped(rank.gpus())),
              gpusInUse,
              state,
              String.join("+", rs.printed),
              queues.servedBy(rank.properties()),
              rank.properties(),
              rs.reason));
    }
    return new FluxNodes(nodes, excluded, reasons);
  }

  /** What the status lines say about one rank. */
  private static final class RankStatus {
    final Set<String> states = new LinkedHashSet<>();
    final Set<String> printed = new LinkedHashSet<>();
    boolean offline;
    String reason = "";

    void add(FluxStatusLine line) {
      states.add(line.baseState());
      // "all" and "online" (older releases' extra lines) hold every rank and say nothing.
      if (!line.baseState().equals("all") && !line.baseState().equals("online")) {
        printed.add(line.state());
      }
      offline |= !line.online();
      if (!line.reason().isEmpty()) {
        reason = line.reason();
      }
    }
  }
}
