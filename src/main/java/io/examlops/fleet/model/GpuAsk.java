package io.examlops.fleet.model;

/**
 * The GPUs and nodes a job asks for: the one rule placement, preflight, submission and a pipeline
 * run share, in one wording. GPUs 0 (a CPU-only job) or more; nodes, when given, at least 1.
 *
 * @param gpus GPUs in total
 * @param nodes the nodes that may hold them; {@code null}: as few as fit
 */
public record GpuAsk(int gpus, Integer nodes) {
  /**
   * The most GPUs (and nodes) one job may ask for: beyond any machine built, and small enough that
   * sums of many jobs' counts stay far from overflowing.
   */
  public static final int MAX = 1_000_000;

  /** The fewest GPUs a job may ask for: none, a CPU-only job. */
  public static final int MIN_GPUS = 0;

  /** The fewest nodes a job may ask for, when it names a count. */
  public static final int MIN_NODES = 1;

  public GpuAsk {
    if (gpus < MIN_GPUS) {
      throw FleetException.invalid("GPUs must be 0 (a CPU-only job) or more, got " + gpus, "gpus");
    }
    if (gpus > MAX) {
      throw FleetException.invalid(
          "GPUs must be at most " + MAX + " (no cluster has more), got " + gpus, "gpus");
    }
    if (nodes != null && nodes < MIN_NODES) {
      throw FleetException.invalid(
          "nodes must be at least " + MIN_NODES + ", got " + nodes, "nodes");
    }
    if (nodes != null && nodes > MAX) {
      throw FleetException.invalid(
          "nodes must be at most " + MAX + " (no cluster has more), got " + nodes, "nodes");
    }
  }

  /** The ask of a request, checked: {@code nodes} 0 or less is refused like any other. */
  public static GpuAsk of(int gpus, Integer nodes) {
    return new GpuAsk(gpus, nodes);
  }

  /** A job that asks for no GPUs. */
  public boolean cpuOnly() {
    return gpus == 0;
  }

  /** How many nodes may hold the GPUs: the asked count, else any number. */
  public int nodeLimit() {
    return nodes == null ? Integer.MAX_VALUE : nodes;
  }

  /**
   * GPUs per node on exactly {@code nodes} nodes, as schedulers take a multi-node job's GPUs.
   *
   * @throws FleetException when they cannot be spread evenly
   */
  public int perNode() {
    int count = nodes == null ? 1 : nodes;
    if (gpus % count != 0) {
      throw FleetException.invalid(
          gpus
              + " GPUs cannot be spread evenly over "
              + count
              + " nodes; ask for a multiple of the node count (GPUs are requested per node)",
          "gpus",
          "nodes");
    }
    return gpus / count;
  }
}
