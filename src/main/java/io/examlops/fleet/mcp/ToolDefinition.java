package io.examlops.fleet.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;

/**
 * One tool as declared in {@code tools.json}: what {@code tools/list} shows, and whether it writes.
 *
 * @param tool name, description, input and output schemas, annotations
 * @param write whether it changes the fleet (registered only with writes enabled)
 * @param shape the input schema as tools.json declares it: the arguments, their types and which are
 *     required, without the limits {@link ArgumentLimits} adds. A call that fits it is judged by
 *     the core's requests and value types, so that a value out of range is answered in the core's
 *     words as on every surface (the listed schema states the same limits)
 */
record ToolDefinition(McpSchema.Tool tool, boolean write, Map<String, Object> shape) {
  String name() {
    return tool.name();
  }

  /** The tool as a client of this revision reads it: without the fields later revisions added. */
  McpSchema.Tool listed(ProtocolVersion version) {
    McpSchema.Tool.Builder listed =
        McpSchema.Tool.builder()
            .name(tool.name())
            .description(tool.description())
            .inputSchema(tool.inputSchema());
    if (version.annotations()) {
      listed.annotations(tool.annotations());
    }
    if (version.structured()) {
      listed.title(tool.title()).outputSchema(tool.outputSchema());
    }
    return listed.build();
  }
}
