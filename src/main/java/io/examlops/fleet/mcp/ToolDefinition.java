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
