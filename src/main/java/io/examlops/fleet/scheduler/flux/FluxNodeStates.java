package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.NodeState;
import java.util.Collection;
import java.util.Set;

/**
 * Maps what Flux says about one node to the normalized {@link NodeState}. The system view ({@code
 * flux resource status}) says whether a node is usable at all; the scheduler view (R of allocated
 * resources) says how much of a usable node is taken. See docs/discovery.md ("Flux", "Node state
 * mapping") for the table and the reasons.
 */
public final class FluxNodeStates {
  /** Words that say nothing against running work; allocation decides. */
  private static final Set<String> USABLE =
      Set.of("avail", "online", "allocated", "housekeeping", "all");

  private static final Set<String> DOWN = Set.of("offline", "torpid");
  private static final Set<String> DRAIN = Set.of("drain", "draining", "drained");

  private FluxNodeStates() {}

  /**
   * @param states the node's status words without the offline mark ({@code avail}, {@code
   *     draining}, ...); empty when the system view is unknown
   * @param offline whether a status line marked the node offline
   * @param cores the node's cores
   * @param gpus the node's GPUs
   * @param coresInUse allocated cores
   * @param gpusInUse allocated GPUs
   */
  public static NodeState map(
      Collection<String> states,
      boolean offline,
      int cores,
      int gpus,
      int coresInUse,
      int gpusInUse) {
    if (states.isEmpty()) {
      return NodeState.UNKNOWN;
    }
    // Unreachable beats drained: the node could not run anything even if undrained.
    if (offline || states.stream().anyMatch(DOWN::contains)) {
      return NodeState.DOWN;
    }
    if (states.stream().anyMatch(DRAIN::contains)) {
      return NodeState.DRAIN;
    }
    if (!USABLE.containsAll(states)) {
      return NodeState.UNKNOWN;
    }
    if (coresInUse == 0 && gpusInUse == 0) {
      return NodeState.IDLE;
    }
    // A job needs at least one core: a node without a free core takes no work, free GPUs or not.
    boolean full = cores > 0 ? coresInUse >= cores : gpusInUse >= gpus;
    return full ? NodeState.ALLOCATED : NodeState.MIXED;
  }
}
