package io.examlops.fleet.mcp;

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

  /** A whole-number argument, or {@code null} when absent. */
  Integer whole(String name) {
    Object value = values.get(name);
    return value == null ? null : ((Number) value).intValue();
  }

  boolean flag(String name, boolean absent) {
    Object value = values.get(name);
    return value == null ? absent : (Boolean) value;
  }
}
