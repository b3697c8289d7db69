package io.examlops.fleet.mcp;

/**
 * The MCP revision a session negotiated, and what it lets the server send: a client of an older
 * revision is not sent the fields later ones added (it may refuse a message it cannot read).
 * Revisions are dates, so they compare as text.
 *
 * @param value the negotiated {@code protocolVersion}, such as {@code 2025-06-18}
 */
record ProtocolVersion(String value) {
  /** The first revision, and what a session is until it negotiated another. */
  static final ProtocolVersion FIRST = new ProtocolVersion("2024-11-05");

  /** Tool annotations ({@code readOnlyHint}, {@code openWorldHint}, ...) came with 2025-03-26. */
  boolean annotations() {
    return atLeast("2025-03-26");
  }

  /**
   * A tool's {@code title} and {@code outputSchema}, and a result's {@code structuredContent}, came
   * with 2025-06-18.
   */
  boolean structured() {
    return atLeast("2025-06-18");
  }

  private boolean atLeast(String revision) {
    return value.compareTo(revision) >= 0;
  }
}
