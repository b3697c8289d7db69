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
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
  private final McpJsonMapper json = McpJsonDefaults.getMapper();
  private final JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();

  FleetMcpServer(FleetTools tools, boolean writes) {
    this.tools = tools;
    this.catalog = ToolCatalog.all();
    this.offered = catalog.stream().filter(t -> writes || !t.write()).toList();
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
                    + " capacity, where a job should run and why, and the tracked jobs. Only"
                    + " ACTIVE (admin-approved) clusters take work.")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
            .jsonMapper(json)
            // Arguments are checked here, so that a bad one is a tool error with its kind.
            .validateToolInputs(false)
            .tools(offered.stream().map(this::specification).toList())
            .build();
    try {
      transport.run();
    } finally {
      server.closeGracefully();
    }
  }

  private SyncToolSpecification specification(ToolDefinition definition) {
    return SyncToolSpecification.builder()
        .tool(definition.tool())
        .callHandler((exchange, request) -> call(definition, exchange, request))
        .build();
  }

  private CallToolResult call(
      ToolDefinition definition, McpSyncServerExchange exchange, CallToolRequest request) {
    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
    var check = validator.validate(definition.tool().inputSchema(), arguments);
    if (!check.valid()) {
      return failure(
          ToolError.invalid(
              definition.name()
                  + " was called with arguments that do not fit its input schema: "
                  + check.errorMessage(),
              "call it with the arguments its input schema in tools/list names, of the types it"
                  + " gives"));
    }
    try {
      return success(
          tools.call(definition.name(), new ToolArguments(arguments), clientName(exchange)));
    } catch (FleetException e) {
      return failure(ToolError.of(e));
    } catch (RuntimeException e) {
      LOG.error("{} failed", definition.name(), e);
      return failure(ToolError.internal(e));
    }
  }

  /**
   * Answers a call of a tool that is not offered: one unknown, or a write tool on a server without
   * writes. Every other request goes to the session.
   */
  Optional<Object> screen(JSONRPCRequest request) {
    if (!McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
      return Optional.empty();
    }
    Object name = request.params() instanceof Map<?, ?> params ? params.get("name") : null;
    if (offered.stream().anyMatch(t -> t.name().equals(name))) {
      return Optional.empty();
    }
    boolean write = catalog.stream().anyMatch(t -> t.write() && t.name().equals(name));
    String tools = offered.stream().map(ToolDefinition::name).collect(Collectors.joining(", "));
    ToolError error =
        write
            ? new ToolError(
                ToolError.WRITES_DISABLED,
                name + " changes the fleet, and this server runs without writes enabled",
                List.of(),
                "an admin who wants agents to make this decision starts the server with `exa mcp"
                    + " serve --allow-writes` (or EXAMLOPS_MCP_ALLOW_WRITES=1); otherwise decide"
                    + " with `exa hpc approve NAME` or `exa hpc reject NAME --reason TEXT`")
            : ToolError.invalid(
                name instanceof String
                    ? "no tool is named " + Printable.quoted((String) name)
                    : "tools/call needs params.name, the tool's name",
                "call one of the tools tools/list shows: " + tools);
    return Optional.of(failure(error));
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

  private static CallToolResult success(ToolReply reply) {
    Object content = TREES.valueToTree(reply.content());
    return CallToolResult.builder()
        .addTextContent(reply.summary())
        .addTextContent(content.toString())
        .structuredContent(content)
        .isError(false)
        .build();
  }

  static CallToolResult failure(ToolError error) {
    String text =
        error.kind()
            + ": "
            + error.message()
            + (error.hint() == null ? "" : "\nTo fix: " + error.hint());
    return CallToolResult.builder()
        .addTextContent(text)
        .structuredContent(Map.of("error", error))
        .isError(true)
        .build();
  }
}
