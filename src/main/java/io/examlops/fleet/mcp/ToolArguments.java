package io.examlops.fleet.mcp;

import io.examlops.fleet.model.FleetException;
import java.util.Map;

/**
 * A call's arguments, already checked against the tool's input schema: types and required keys
 * hold, so each accessor only converts.
 */
final class ToolArguments {
  private final Map<String, Object> values;

  ToolArguments(Map<String, Object> values) {
    this.values = values == null ? Map.of() : Map.copyOf(values);
  }

  /** A string argument, or {@code null} when absent. */
  String text(String name) {
    return (String) values.get(name);
  }

  /**
   * A whole-number argument, or {@code null} when absent.
   *
   * @throws FleetException when it is beyond what a count of GPUs or nodes can be
   */
  Integer whole(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    java.math.BigDecimal number = new java.math.BigDecimal(value.toString());
    if (number.compareTo(java.math.BigDecimal.valueOf(Integer.MAX_VALUE)) > 0
        || number.compareTo(java.math.BigDecimal.valueOf(Integer.MIN_VALUE)) < 0) {
      throw FleetException.invalid(
          "argument " + name + " is " + value + ", too large a number", name);
    }
    return number.intValueExact();
  }

  boolean flag(String name, boolean absent) {
    Object value = values.get(name);
    return value == null ? absent : (Boolean) value;
  }
}
