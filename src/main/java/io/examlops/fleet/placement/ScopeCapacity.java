package io.examlops.fleet.placement;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * The GPUs of one GPU type in one partition (or the whole cluster), node by node, from a snapshot.
 * Only nodes with at least one GPU of the type count. Idle figures follow {@link
 * NodeInfo#idleGpus()}: nodes that take no work have none, and a node whose use is not known has an
 * unknown idle count, which never counts as free.
 *
 * @param partition the partition or queue; {@code null} for the whole cluster
 * @param gpuType the GPU type; {@code null} for any
 * @param nodeGpus GPUs of the type per node
 * @param idleGpus known idle GPUs of the type per node
 * @param optimistic idle GPUs per node if every node whose idle count is unknown were all free
 * @param unknownIdleNodes nodes whose idle count is unknown
 * @param idleNodes nodes in state idle
 */
public record ScopeCapacity(
    String partition,
    String gpuType,
    LargestFirst nodeGpus,
    LargestFirst idleGpus,
    LargestFirst optimistic,
    int unknownIdleNodes,
    int idleNodes) {

  /** Counts the nodes of {@code partition} (any when null) that have GPUs of {@code gpuType}. */
  public static ScopeCapacity of(List<NodeInfo> nodes, String partition, String gpuType) {
    List<Integer> totals = new ArrayList<>();
    List<Integer> idle = new ArrayList<>();
    List<Integer> unknown = new ArrayList<>();
    int idleNodes = 0;
    for (NodeInfo node : nodes) {
      int matching = node.gpuCount(gpuType);
      if (!node.inPartition(partition) || matching == 0) {
        continue;
      }
      totals.add(matching);
      if (node.state() == NodeState.IDLE) {
        idleNodes++;
      }
      OptionalInt free = idleOfType(node, gpuType);
      if (free.isPresent()) {
        idle.add(free.getAsInt());
      } else {
        unknown.add(matching);
      }
    }
    List<Integer> optimistic = new ArrayList<>(idle);
    optimistic.addAll(unknown);
    return new ScopeCapacity(
        partition,
        gpuType,
        LargestFirst.of(totals),
        LargestFirst.of(idle),
        LargestFirst.of(optimistic),
        unknown.size(),
        idleNodes);
  }

  /**
   * Idle GPUs of one type on a node. The scheduler counts use per node, not per type, so on a node
   * with several types and some in use it is unknown which type is free.
   */
  static OptionalInt idleOfType(NodeInfo node, String gpuType) {
    OptionalInt idle = node.idleGpus();
    int matching = node.gpuCount(gpuType);
    if (idle.isEmpty() || matching == node.gpuCount()) {
      return idle;
    }
    if (idle.getAsInt() == 0) {
      return idle;
    }
    return idle.getAsInt() == node.gpuCount() ? OptionalInt.of(matching) : OptionalInt.empty();
  }

  public int nodes() {
    return nodeGpus.size();
  }

  public int totalGpus() {
    return nodeGpus.total();
  }

  /** Idle GPUs known to be free; nodes with an unknown count add nothing. */
  public int knownIdleGpus() {
    return idleGpus.total();
  }

  /** The most GPUs any {@code nodeLimit} nodes hold together (free or not). */
  public int largestSlot(int nodeLimit) {
    return nodeGpus.largest(nodeLimit);
  }

  /**
   * Whether the ask fits on the idle GPUs of at most {@code nodeLimit} nodes now: {@code TRUE} on
   * known idle GPUs alone, {@code null} when only nodes of unknown use could make up the rest,
   * {@code FALSE} when even they could not.
   */
  public Boolean fitsNow(int gpus, int nodeLimit) {
    if (idleGpus.largest(nodeLimit) >= gpus) {
      return Boolean.TRUE;
    }
    return optimistic.largest(nodeLimit) >= gpus ? null : Boolean.FALSE;
  }

  /** The fewest nodes whose known idle GPUs hold the ask; {@code null} when none do. */
  public Integer nodesNeeded(int gpus) {
    return idleGpus.fewestFor(gpus);
  }

  /**
   * This scope with {@code claimed} GPUs of its idle ones taken by jobs the snapshot does not show
   * ({@link Claims}), from the largest idle slots first; totals and nodes stay as they are.
   */
  public ScopeCapacity less(int claimed) {
    if (claimed <= 0) {
      return this;
    }
    return new ScopeCapacity(
        partition,
        gpuType,
        nodeGpus,
        idleGpus.less(claimed),
        optimistic.less(claimed),
        unknownIdleNodes,
        idleNodes);
  }

  /** The figures placement ranks this scope by, for {@code request}. */
  public Score score(Evidence evidence, PlaceRequest request) {
    Boolean fits = fitsNow(request.gpus(), request.nodeLimit());
    return new Score(
        evidence,
        fits,
        Boolean.TRUE.equals(fits) ? nodesNeeded(request.gpus()) : null,
        knownIdleGpus(),
        unknownIdleNodes(),
        totalGpus(),
        nodes(),
        idleNodes());
  }
}
