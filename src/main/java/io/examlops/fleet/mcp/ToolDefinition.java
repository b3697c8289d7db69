package io.examlops.fleet.mcp;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * One tool as declared in {@code tools.json}: what {@code tools/list} shows, and whether it writes.
 *
 * @param tool name, description, input and output schemas, annotations
 * @param write whether it changes the fleet (registered only with writes enabled)
 */
record ToolDefinition(McpSchema.Tool tool, boolean write) {
  String name() {
    return tool.name();
  }
}
