package io.examlops.fleet.mcp;

/**
 * Whether a session offers the write tools ({@code hpc_approve_cluster}, {@code
 * hpc_reject_cluster}) and, where it does not, why: what a call to one is told is the real reason,
 * the server's setting or the caller's token.
 */
public enum WriteAccess {
  /** The write tools are offered. */
  GRANTED,
  /** The server runs without writes ({@code exa mcp serve} without {@code --allow-writes}). */
  SERVER_READ_ONLY,
  /**
   * The console's {@code /mcp} runs without writes (started without {@code --mcp-allow-writes}).
   */
  CONSOLE_READ_ONLY,
  /**
   * The console allows MCP writes, but this session's API token lacks the {@code admin} scope the
   * write tools need.
   */
  TOKEN_LACKS_ADMIN_SCOPE;

  /** {@link #GRANTED} when {@code writes}, else {@link #SERVER_READ_ONLY}. */
  public static WriteAccess of(boolean writes) {
    return writes ? GRANTED : SERVER_READ_ONLY;
  }

  boolean granted() {
    return this == GRANTED;
  }

  /** What a call of the write tool {@code tool} is answered in a session without writes. */
  ToolError refusal(String tool) {
    return switch (this) {
      case GRANTED -> throw new IllegalStateException(tool + " is offered");
      case SERVER_READ_ONLY ->
          new ToolError(
              ToolError.WRITES_DISABLED,
              tool + " changes the fleet, and this server runs without writes enabled",
              java.util.List.of(),
              "an admin who wants agents to make this decision starts the server with `exa mcp"
                  + " serve --allow-writes` (or EXAMLOPS_MCP_ALLOW_WRITES=1); otherwise decide"
                  + " with `exa hpc approve NAME` or `exa hpc reject NAME --reason TEXT`");
      case CONSOLE_READ_ONLY ->
          new ToolError(
              ToolError.WRITES_DISABLED,
              tool + " changes the fleet, and this console's MCP runs without writes enabled",
              java.util.List.of(),
              "an admin who wants agents to make this decision starts the console with `exa"
                  + " console --mcp-allow-writes`; otherwise decide on the console's Fleet page");
      case TOKEN_LACKS_ADMIN_SCOPE ->
          new ToolError(
              io.examlops.fleet.model.ErrorKind.NOT_PERMITTED.name(),
              tool
                  + " changes the fleet, which needs the admin scope, and the API token of this"
                  + " session does not have it (this console allows MCP writes); nothing was"
                  + " changed",
              java.util.List.of(),
              "connect with a token of an admin that has the admin scope (an admin creates it on"
                  + " Users & tokens), then begin a new session; or decide in the console");
    };
  }
}
