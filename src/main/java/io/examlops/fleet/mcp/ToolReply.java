package io.examlops.fleet.mcp;

import java.util.List;

/**
 * What a tool answered: the structured content (the shape the CLI's {@code --json} prints for the
 * same operation), a short summary in words, and what went wrong on the way without failing the
 * call (a cluster that could not be asked), which the server also logs to the client.
 *
 * @param content serialized with the fleet's one JSON mapping
 * @param summary one or a few lines for a reader
 * @param warnings what went wrong on the way, in words; empty when nothing did
 */
record ToolReply(Object content, String summary, List<String> warnings) {
  ToolReply {
    warnings = List.copyOf(warnings);
  }

  ToolReply(Object content, String summary) {
    this(content, summary, List.of());
  }
}
