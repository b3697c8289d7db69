package io.examlops.fleet.model;

/**
 * The normalized node state every layer speaks, whatever the scheduler calls it.
 *
 * <p>Only {@link #IDLE} and {@link #MIXED} nodes can take new work. A state that a probe does not
 * recognise maps to {@link #UNKNOWN}, which never counts as free capacity.
 */
public enum NodeState {
  IDLE,
  ALLOCATED,
  MIXED,
  DOWN,
  DRAIN,
  UNKNOWN;

  /** Whether a node in this state can start new work now. */
  public boolean acceptsWork() {
    return this == IDLE || this == MIXED;
  }

  /** The lower-case word used in tables and JSON. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
