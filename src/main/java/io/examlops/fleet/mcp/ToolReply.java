package io.examlops.fleet.mcp;

/**
 * What a tool answered: the structured content (the shape the CLI's {@code --json} prints for the
 * same operation) and a short summary in words.
 *
 * @param content serialized with the fleet's one JSON mapping
 * @param summary one or a few lines for a reader
 */
record ToolReply(Object content, String summary) {}
