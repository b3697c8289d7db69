package io.examlops.fleet.placement;

/**
 * The rules placement checks a cluster against, one filter each, in the order they are checked.
 * Each {@link Reason} says what was asked and what is there, as text in the unit named here.
 */
public enum Rule {
  /** The cluster is ACTIVE and its approval holds. Asked {@code ACTIVE}; there: the state. */
  APPROVAL,
  /**
   * The request's API token may use the cluster, the partition, and as many GPUs a job ({@link
   * io.examlops.fleet.model.TokenLimits}). Asked: the cluster, partition or GPU count; there: what
   * the token allows.
   */
  TOKEN,
  /**
   * There is data to place on: a snapshot younger than the ignore limit, else declared
   * capabilities. Asked: that; there: what the data is ({@code snapshot 5 min old}).
   */
  DATA,
  /**
   * The asked partition or queue exists. Asked: its name; there: the known ones, comma-separated.
   */
  PARTITION,
  /** The cluster has GPUs of the asked type. Asked: the type; there: its types, comma-separated. */
  GPU_TYPE,
  /** GPUs of the type in the partition, on nodes in any state. Asked and there: GPU counts. */
  GPUS,
  /**
   * Some {@code --nodes} nodes hold the GPUs together. Asked: GPUs; there: the most GPUs any that
   * many nodes hold.
   */
  GPUS_ON_NODES,
  /**
   * A CPU-only job's nodes: asked, the node count; there, the nodes that take work (declared: the
   * nodes in total).
   */
  NODES,
  /** The queue accepts jobs (Flux: enabled). Asked {@code enabled}; there: its state. */
  QUEUE_ENABLED,
  /** The queue starts jobs (Flux: started). Asked {@code started}; there: its state. */
  QUEUE_STARTED,
  /** The queue's job-size limit on GPUs. Asked: GPUs; there: the limit. */
  QUEUE_GPU_LIMIT,
  /** The queue's job-size limit on nodes. Asked: nodes; there: the limit. */
  QUEUE_NODE_LIMIT,
  /**
   * Idle GPUs claimed by tracked jobs the snapshot does not show ({@link Claims}); never fails, it
   * lowers the idle figures the ranking weighs. Asked: GPUs; there: the idle GPUs left.
   */
  CLAIMED
}
