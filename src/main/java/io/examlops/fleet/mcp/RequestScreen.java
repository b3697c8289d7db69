package io.examlops.fleet.mcp;

import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import java.util.Optional;

/**
 * The requests the server answers before its SDK session sees them: those the SDK would answer
 * other than the specification says (a listing whatever the cursor, a tool's fields whatever the
 * client's revision, an unknown tool as a tool result).
 */
@FunctionalInterface
interface RequestScreen {
  /**
   * The answer to a request (a result or an error), or empty to leave it to the session.
   *
   * @param version the revision the session negotiated
   */
  Optional<JSONRPCResponse> answer(JSONRPCRequest request, ProtocolVersion version);
}
