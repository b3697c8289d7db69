package io.examlops.fleet.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse.JSONRPCError;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The stdio transport of {@code exa mcp serve}: one JSON-RPC message per line on stdin, one per
 * line on stdout, nothing else on stdout. Unlike the SDK's own stdio provider, which ends the
 * session at the first line it cannot read, a line that is not a JSON-RPC message is answered with
 * a JSON-RPC error (parse error, invalid request) and the session goes on; a request the server
 * answers itself ({@code screen}) never reaches the session.
 */
final class StdioTransport implements McpServerTransportProvider {
  private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);

  /** The longest message read, in characters; a longer line is refused and skipped. */
  static final int MAX_MESSAGE_CHARS = 4 * 1024 * 1024;

  private final McpJsonMapper json;
  private final InputStream in;
  private final OutputStream out;
  private final RequestScreen screen;
  private final InFlight inFlight = new InFlight();
  private volatile ProtocolVersion protocol = ProtocolVersion.FIRST;
  private McpServerSession session;

  /**
   * @param screen answers a request before the session sees it, or leaves it to the session
   */
  StdioTransport(McpJsonMapper json, InputStream in, OutputStream out, RequestScreen screen) {
    this.json = json;
    this.in = in;
    this.out = out;
    this.screen = screen;
  }

  /** The revision the session negotiated; the first one until it did. */
  ProtocolVersion protocol() {
    return protocol;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory factory) {
    this.session = factory.create(new Session());
  }

  /**
   * Reads messages until stdin closes and hands each to the session, which answers requests side by
   * side (each tool call on a worker of its own); returns once every request read has been answered
   * or cancelled.
   */
  void run() {
    if (session == null) {
      throw new IllegalStateException("no MCP server is attached to this transport");
    }
    Sinks.Many<JSONRPCMessage> inbound = Sinks.many().unicast().onBackpressureBuffer();
    var handled =
        inbound
            .asFlux()
            .flatMap(
                message ->
                    inFlight
                        .handle(message, session.handle(message))
                        .onErrorResume(
                            e -> {
                              LOG.error(
                                  "a message could not be handled: {}", firstLine(e.getMessage()));
                              LOG.debug("the failure in full", e);
                              return Mono.empty();
                            }))
            .then()
            .toFuture();
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (Line line = Line.read(reader); line != null; line = Line.read(reader)) {
        if (line.tooLong()) {
          write(
              error(
                  null,
                  McpSchema.ErrorCodes.INVALID_REQUEST,
                  "message longer than " + MAX_MESSAGE_CHARS + " characters, skipped"));
        } else if (!line.text().isBlank()) {
          readSafely(line.text()).ifPresent(inbound::tryEmitNext);
        }
      }
    } catch (IOException e) {
      LOG.error("stdin could not be read; the session ends", e);
    }
    inbound.tryEmitComplete();
    try {
      handled.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      LOG.error("the session ended with an error", e.getCause());
    }
    session.close();
  }

  /** Whatever a line holds, the session goes on: a failure to read one is answered, not thrown. */
  private Optional<JSONRPCMessage> readSafely(String text) {
    try {
      return read(text);
    } catch (RuntimeException e) {
      LOG.error("a message could not be read: {}", firstLine(e.getMessage()));
      LOG.debug("the failure in full", e);
      write(
          error(
              null,
              McpSchema.ErrorCodes.INTERNAL_ERROR,
              "Internal error: the message could"
                  + " not be read ("
                  + firstLine(e.getMessage())
                  + ")"));
      return Optional.empty();
    }
  }

  /** One message for the session, or empty when it was answered here. */
  private Optional<JSONRPCMessage> read(String text) {
    Object parsed;
    try {
      parsed = json.readValue(text, Object.class);
    } catch (IOException | RuntimeException e) {
      write(
          error(
              null,
              McpSchema.ErrorCodes.PARSE_ERROR,
              "Parse error: not one JSON value"
                  + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j
                          && j.getLocation() != null
                      ? " (at column " + j.getLocation().getColumnNr() + ")"
                      : "")
                  + ", or nested deeper than JSON readers take"));
      return Optional.empty();
    }
    Object id = parsed instanceof Map<?, ?> map ? validId(map.get("id")) : null;
    if (!(parsed instanceof Map<?, ?> object) || !"2.0".equals(object.get("jsonrpc"))) {
      write(
          error(
              id,
              McpSchema.ErrorCodes.INVALID_REQUEST,
              "Invalid Request: a message is one JSON object with \"jsonrpc\": \"2.0\""));
      return Optional.empty();
    }
    if (object.containsKey("method") && object.containsKey("id") && object.get("id") == null) {
      write(
          error(
              null,
              McpSchema.ErrorCodes.INVALID_REQUEST,
              "Invalid Request: a request's \"id\" is a string or a number, never null (MCP"
                  + " forbids null ids); give the request an id, or leave \"id\" out to send a"
                  + " notification, which gets no answer"));
      return Optional.empty();
    }
    Optional<String> badParams = badToolCall(object);
    if (badParams.isPresent()) {
      write(error(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: " + badParams.get()));
      return Optional.empty();
    }
    JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(json, text);
    } catch (IOException | RuntimeException e) {
      write(error(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: " + readerWords(e)));
      return Optional.empty();
    }
    if (message instanceof JSONRPCRequest request) {
      Optional<JSONRPCResponse> answer = screen.answer(request, protocol);
      if (answer.isPresent()) {
        write(answer.get());
        return Optional.empty();
      }
    }
    if (message instanceof JSONRPCNotification notification
        && InFlight.CANCELLED.equals(notification.method())) {
      inFlight.cancel(notification.params());
      return Optional.empty();
    }
    return Optional.of(message);
  }

  /**
   * What is wrong with the shape of a {@code tools/call} request's params, which the session would
   * otherwise fail on with its reader's own words (Java types) and a stack trace in the log: params
   * an object, {@code name} a string, {@code arguments} absent, null or an object.
   */
  private static Optional<String> badToolCall(Map<?, ?> request) {
    if (!"tools/call".equals(request.get("method"))) {
      return Optional.empty();
    }
    Object params = request.get("params");
    if (!(params instanceof Map<?, ?> call)) {
      return Optional.of(
          "tools/call takes an object of params: {\"name\": TOOL, \"arguments\": {...}}");
    }
    Object arguments = call.get("arguments");
    if (arguments != null && !(arguments instanceof Map)) {
      return Optional.of(
          "\"arguments\" must be a JSON object of the tool's arguments, e.g. {\"gpus\": 1},"
              + " as the tool's input schema in tools/list names them");
    }
    return Optional.empty();
  }

  /** A JSON-RPC id is a string or a number; anything else cannot be echoed. */
  /**
   * What the reader said of a message it could not take, when it names no Java type; else the
   * JSON-RPC rule in this server's words. A client learns nothing from the SDK's class names.
   */
  private static String readerWords(Exception e) {
    String words = firstLine(e.getMessage());
    return words == null || JAVA_TYPE.matcher(words).find()
        ? "not a JSON-RPC 2.0 request (\"method\" and an \"id\" that is a string or a number),"
            + " notification (\"method\", no \"id\") or response (\"id\" and \"result\" or"
            + " \"error\")"
        : words;
  }

  /** A Java type as a reader's message names it: {@code `io.x.Y$Z`}, {@code java.lang.String}. */
  private static final java.util.regex.Pattern JAVA_TYPE =
      java.util.regex.Pattern.compile("`[\\w.$]+`|\\b(?:java|javax|com|io|org)\\.[a-z]\\w*\\.");

  private static Object validId(Object id) {
    return id instanceof String || id instanceof Number ? id : null;
  }

  /**
   * A JSON-RPC error response, built here since the SDK's response type refuses the {@code null} id
   * that JSON-RPC prescribes when the request's id could not be read.
   */
  private static Map<String, Object> error(Object id, int code, String message) {
    Map<String, Object> response = new java.util.LinkedHashMap<>();
    response.put("jsonrpc", McpSchema.JSONRPC_VERSION);
    response.put("id", id);
    response.put("error", new JSONRPCError(code, message));
    return response;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "unreadable";
    }
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }

  private void write(Object message) {
    String line;
    try {
      line = json.writeValueAsString(message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    synchronized (out) {
      try {
        out.write(line.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
      } catch (IOException e) {
        // The client went away; what it does not read is lost with it.
        LOG.debug("stdout is closed", e);
      }
    }
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    return session == null ? Mono.empty() : session.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return session == null ? Mono.empty() : session.closeGracefully();
  }

  /** The session's side: what it sends goes to stdout as one line. */
  private final class Session implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return Mono.fromRunnable(
          () -> {
            if (message instanceof JSONRPCResponse response
                && response.result() instanceof McpSchema.InitializeResult initialized) {
              protocol = new ProtocolVersion(initialized.protocolVersion());
            }
            write(message);
          });
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return json.convertValue(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }
  }

  /**
   * A line of stdin without its end, or the note that it was longer than {@link #MAX_MESSAGE_CHARS}
   * (its characters are then skipped, not kept).
   */
  private record Line(String text, boolean tooLong) {
    /** The next line, or {@code null} at the end of the input. */
    static Line read(BufferedReader reader) throws IOException {
      StringBuilder text = new StringBuilder();
      boolean tooLong = false;
      int c = reader.read();
      if (c < 0) {
        return null;
      }
      while (c >= 0 && c != '\n') {
        if (text.length() < MAX_MESSAGE_CHARS) {
          text.append((char) c);
        } else {
          tooLong = true;
        }
        c = reader.read();
      }
      int end = text.length();
      if (end > 0 && text.charAt(end - 1) == '\r') {
        text.setLength(end - 1);
      }
      return new Line(tooLong ? "" : text.toString(), tooLong);
    }
  }
}
