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

  /** Every state's label, in order: the words a filter by state takes. */
  public static java.util.List<String> labels() {
    return java.util.Arrays.stream(values()).map(NodeState::label).toList();
  }

  /**
   * The state {@code label} names (as {@link #label()} writes it).
   *
   * @throws FleetException naming {@code field}, with every label, when it names none
   */
  public static NodeState ofLabel(String label, String field) {
    for (NodeState state : values()) {
      if (state.label().equals(label)) {
        return state;
      }
    }
    throw FleetException.invalid(
        Printable.quoted(label) + " is not a node state; use one of " + String.join(", ", labels()),
        field);
  }
}
