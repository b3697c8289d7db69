package io.examlops.fleet.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fleet's tools over one MCP session. The read tools are always offered; the write tools only
 * when writes are enabled, and a call to one that is not offered is refused here, whatever the
 * client believes (annotations are hints a client may ignore).
 */
final class FleetMcpServer {
  private static final Logger LOG = LoggerFactory.getLogger(FleetMcpServer.class);

  static final String NAME = "exa";

  /** The name recorded for a client that declares none usable. */
  static final String UNNAMED_CLIENT = "unnamed-client";

  private static final int MAX_CLIENT_NAME = 64;

  private final FleetTools tools;
  private final List<ToolDefinition> catalog;
  private final List<ToolDefinition> offered;
  private final WriteAccess writes;
  private final McpJsonMapper json = McpJsonDefaults.getMapper();
  private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();

  FleetMcpServer(FleetTools tools, WriteAccess writes) {
    this.tools = tools;
    this.writes = writes;
    this.catalog = ToolCatalog.all();
    this.offered = catalog.stream().filter(t -> writes.granted() || !t.write()).toList();
    Set<String> declared = catalog.stream().map(ToolDefinition::name).collect(Collectors.toSet());
    if (!declared.equals(tools.names())) {
      throw new IllegalStateException(
          "tools.json declares " + declared + " but handlers exist for " + tools.names());
    }
  }

  /** Serves one session on these streams until the input ends and every request is answered. */
  void serve(InputStream in, OutputStream out, String version) {
    StdioTransport transport = new StdioTransport(json, in, out, this::screen);
    McpSyncServer server =
        McpServer.sync(transport)
            .serverInfo(NAME, version)
            .instructions(
                "HPC Fleet: the registered Slurm and Flux GPU clusters, their nodes, queues and"
                    + " capacity, where a job should run and why, and the tracked jobs, their"
                    + " state, exit code, the scheduler's reason and output. Only ACTIVE"
                    + " (admin-approved) clusters take work.")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(false).logging().build())
            .jsonMapper(json)
            // Arguments are checked here, so that a bad one is a tool error with its kind.
            .validateToolInputs(false)
            .tools(offered.stream().map(t -> specification(t, transport::protocol)).toList())
            .build();
    try {
      transport.run();
    } finally {
      server.closeGracefully();
    }
  }

  private SyncToolSpecification specification(
      ToolDefinition definition, Supplier<ProtocolVersion> version) {
    // The session checks a result against the tool's output schema, which a client of a revision
    // before outputSchema is sent no structured content for; tools/list is answered in screen.
    return SyncToolSpecification.builder()
        .tool(definition.listed(ProtocolVersion.FIRST))
        .callHandler((exchange, request) -> call(definition, exchange, request, version.get()))
        .build();
  }

  /**
   * Runs one call on the SDK's worker thread for it. Its progress and log lines go out before its
   * answer; a call that was cancelled (its thread interrupted) sends nothing more.
   */
  CallToolResult call(
      ToolDefinition definition,
      McpSyncServerExchange exchange,
      CallToolRequest request,
      ProtocolVersion version) {
    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
    if (!validator.validate(definition.shape(), arguments).valid()) {
      // Arguments missing, unknown or of the wrong type: every one at fault is named at once,
      // those out of range too. Values of the right types are the core's to judge, in its words.
      var check = validator.validate(definition.tool().inputSchema(), arguments);
      return failure(ToolError.schema(definition.name(), check.errorMessage()), version);
    }
    ClientChannel client = new ClientChannel(exchange, definition.name());
    try {
      ToolReply reply =
          tools.call(
              definition.name(),
              new ToolArguments(arguments),
              clientName(exchange),
              client.progress(request.progressToken()));
      reply.warnings().forEach(w -> client.log(McpSchema.LoggingLevel.WARNING, w));
      return success(reply, version);
    } catch (FleetException e) {
      ToolError error = ToolError.of(e);
      client.log(
          McpSchema.LoggingLevel.WARNING, "failed: " + error.kind() + ": " + error.message());
      return failure(error, version);
    } catch (RuntimeException e) {
      LOG.error("{} failed", definition.name(), e);
      ToolError error = ToolError.internal(e);
      client.log(McpSchema.LoggingLevel.ERROR, "failed: " + error.message());
      return failure(error, version);
    }
  }

  /**
   * Answers what the session would answer otherwise than the specification says: {@code tools/list}
   * (every tool in one page, so any cursor is one this server never gave: -32602; and each tool as
   * the client's revision reads it), and a {@code tools/call} of a tool not offered: one unknown or
   * without a name (-32602), or a write tool in a session without writes (a tool error that says
   * why: the server's setting or the token's scope, and what to do). Every other request goes to
   * the session.
   */
  Optional<JSONRPCResponse> screen(JSONRPCRequest request, ProtocolVersion version) {
    Map<?, ?> params = request.params() instanceof Map<?, ?> map ? map : Map.of();
    if (McpSchema.METHOD_TOOLS_LIST.equals(request.method())) {
      Object cursor = params.get("cursor");
      if (cursor != null) {
        return Optional.of(
            invalidParams(
                request,
                "Invalid params: cursor "
                    + Printable.quoted(String.valueOf(cursor))
                    + " was not given by this server: tools/list answers with every tool in one"
                    + " page and no nextCursor; call it without a cursor"));
      }
      return Optional.of(
          JSONRPCResponse.result(
              request.id(),
              new McpSchema.ListToolsResult(
                  offered.stream().map(t -> t.listed(version)).toList(), null)));
    }
    if (!McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
      return Optional.empty();
    }
    Object name = params.get("name");
    if (offered.stream().anyMatch(t -> t.name().equals(name))) {
      return Optional.empty();
    }
    String tools = offered.stream().map(ToolDefinition::name).collect(Collectors.joining(", "));
    if (catalog.stream().noneMatch(t -> t.write() && t.name().equals(name))) {
      return Optional.of(
          invalidParams(
              request,
              "Invalid params: "
                  + (name instanceof String named
                      ? "no tool is named " + Printable.quoted(named)
                      : "tools/call needs params.name, the tool's name")
                  + "; call one of the tools tools/list shows: "
                  + tools));
    }
    ToolError error = writes.refusal(String.valueOf(name));
    return Optional.of(JSONRPCResponse.result(request.id(), failure(error, version)));
  }

  private static JSONRPCResponse invalidParams(JSONRPCRequest request, String message) {
    return new JSONRPCResponse(
        McpSchema.JSONRPC_VERSION,
        request.id(),
        null,
        new JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS, message, null));
  }

  /** The client's declared name ({@code clientInfo.name}), made safe to store. */
  static String clientName(McpSyncServerExchange exchange) {
    McpSchema.Implementation info = exchange == null ? null : exchange.getClientInfo();
    return safeClientName(info == null ? null : info.name());
  }

  /**
   * A client's name as the audit trail records it after {@code mcp:}: letters, digits and {@code
   * ._#/@+-}, anything else turned into {@code -}, at most {@value #MAX_CLIENT_NAME} characters;
   * {@value #UNNAMED_CLIENT} when nothing is left.
   */
  static String safeClientName(String declared) {
    String name = declared == null ? "" : declared.strip();
    String safe =
        name.codePoints()
            .limit(MAX_CLIENT_NAME)
            .map(
                c ->
                    c < 128 && (Character.isLetterOrDigit(c) || "._#/@+-".indexOf(c) >= 0)
                        ? c
                        : '-')
            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
            .toString();
    return safe.chars().allMatch(c -> c == '-') ? UNNAMED_CLIENT : safe;
  }

  /**
   * The fleet's JSON mapping, as a tree that keeps decimals as written ({@code 2.50}, {@code 0.0}):
   * a default tree strips their trailing zeros, and the structured content would no longer read as
   * the CLI's {@code --json}.
   */
  private static final ObjectMapper TREES =
      FleetJson.mapper().copy().setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

  /**
   * A tool's answer: its summary, its JSON as text, and (to a client of a revision that has it) the
   * same JSON as structured content.
   */
  private static CallToolResult success(ToolReply reply, ProtocolVersion version) {
    Object content = TREES.valueToTree(reply.content());
    CallToolResult.Builder result =
        CallToolResult.builder()
            .addTextContent(reply.summary())
            .addTextContent(content.toString())
            .isError(false);
    if (version.structured()) {
      result.structuredContent(content);
    }
    return result.build();
  }

  static CallToolResult failure(ToolError error, ProtocolVersion version) {
    String text =
        error.kind()
            + ": "
            + error.message()
            + (error.hint() == null ? "" : "\nTo fix: " + error.hint());
    CallToolResult.Builder result = CallToolResult.builder().addTextContent(text).isError(true);
    if (version.structured()) {
      result.structuredContent(Map.of("error", error));
    }
    return result.build();
  }
}
