package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.mcp.McpChannel;
import io.examlops.fleet.mcp.WriteAccess;
import io.examlops.fleet.model.access.TokenScope;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MCP session of {@code /mcp}: the server that {@code exa mcp serve} runs, fed the messages an
 * HTTP client posts, acting as the token's owner. It stands on the token and the scopes it began
 * with: another token, or the same one with other scopes now, finds no session here (and begins a
 * new one, whose tools fit its scopes). Each request posted waits for what the server sends about
 * it: its progress notifications, then its response.
 */
final class McpHttpSession implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpHttpSession.class);

  final String id;
  private final String tokenId;
  private final Set<TokenScope> scopes;
  private final Clock clock;
  private final McpChannel channel;
  private final Map<String, Call> calls = new ConcurrentHashMap<>();
  private volatile String protocolVersion;
  private volatile Instant lastUsed;

  private McpHttpSession(
      String id, Principal principal, Fleet fleet, Clock clock, WriteAccess writes) {
    this.id = id;
    this.tokenId = principal.token().id();
    this.scopes = principal.scopes();
    this.clock = clock;
    this.lastUsed = clock.instant();
    this.channel =
        McpChannel.open(fleet, clock, principal.user(), writes, this::deliver, this::endCalls);
  }

  /**
   * A session for the token that {@code principal} sent; the write tools are offered when the
   * console allows them and the token has the admin scope.
   */
  static McpHttpSession open(
      String id, Principal principal, Fleet fleet, Clock clock, McpOptions options) {
    WriteAccess writes =
        !options.writes()
            ? WriteAccess.CONSOLE_READ_ONLY
            : principal.may(TokenScope.ADMIN)
                ? WriteAccess.GRANTED
                : WriteAccess.TOKEN_LACKS_ADMIN_SCOPE;
    return new McpHttpSession(id, principal, fleet, clock, writes);
  }

  /** Whether this request may use the session: the same token, with the same scopes as then. */
  boolean standsFor(Principal principal) {
    return principal.token() != null
        && principal.token().id().equals(tokenId)
        && principal.scopes().equals(scopes);
  }

  /** The version the session negotiated; empty until its initialize was answered. */
  Optional<String> protocolVersion() {
    return Optional.ofNullable(protocolVersion);
  }

  Instant lastUsed() {
    return lastUsed;
  }

  /**
   * Sends a request to the server; what it answers about it comes out of the call returned.
   *
   * @throws Refusal when a request with the same id is still being answered
   */
  Call request(JsonNode request) {
    lastUsed = clock.instant();
    String key = request.get("id").toString();
    JsonNode token = request.path("params").path("_meta").path("progressToken");
    Call call =
        new Call(request.path("method").asText(), token.isMissingNode() ? null : token.toString());
    if (calls.putIfAbsent(key, call) != null) {
      throw Refusal.badRequest(
          "request id " + key + " is still being answered in this session",
          "give each request of a session an id of its own");
    }
    channel.send(FleetJson.compact(request));
    return call;
  }

  /**
   * Sends a notification or a client's response to the server. A cancellation ends the wait of the
   * request it names: the server sends no response to a cancelled request. The wait ends before the
   * server hears of it, so that an answer the server had already made, and sends while it takes the
   * cancellation in, reaches no one.
   */
  void tell(JsonNode message) {
    lastUsed = clock.instant();
    if ("notifications/cancelled".equals(message.path("method").asText())) {
      Call cancelled = calls.remove(message.path("params").path("requestId").toString());
      if (cancelled != null) {
        cancelled.end();
      }
    }
    channel.send(FleetJson.compact(message));
  }

  /**
   * What the server sent: a response goes to the request it answers, a progress notification to the
   * request whose token it carries. Anything else concerns no request; the session has no stream of
   * its own to send it on (GET /mcp is not offered), so it is dropped.
   */
  private void deliver(String line) {
    JsonNode message;
    try {
      message = FleetJson.mapper().readTree(line);
    } catch (java.io.IOException e) {
      LOG.warn("the MCP server sent a line that is not JSON; dropped");
      return;
    }
    if (!message.has("method") && message.has("id")) {
      Call call = calls.remove(message.get("id").toString());
      if (call != null) {
        if ("initialize".equals(call.method)) {
          JsonNode version = message.path("result").path("protocolVersion");
          protocolVersion = version.isTextual() ? version.asText() : null;
        }
        call.messages.add(line);
        call.end();
        return;
      }
    } else if ("notifications/progress".equals(message.path("method").asText())) {
      String token = message.path("params").path("progressToken").toString();
      Optional<Call> call =
          calls.values().stream().filter(c -> token.equals(c.progressToken)).findFirst();
      if (call.isPresent()) {
        call.get().messages.add(line);
        return;
      }
    }
    LOG.debug("an MCP message that answers no open request was dropped: {}", line);
  }

  /** Ends the server's input (it answers what it was sent, then stops) and every wait. */
  @Override
  public void close() {
    channel.close();
    endCalls();
  }

  /** Ends every wait: nothing more will come (the session closed, or its server stopped). */
  private void endCalls() {
    calls.values().forEach(Call::end);
    calls.clear();
  }

  /** What the server sends about one request, in order; {@link #next} is empty after the last. */
  static final class Call {
    private static final String END = new String("end");

    private final String method;
    private final String progressToken;
    private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();

    private Call(String method, String progressToken) {
      this.method = method;
      this.progressToken = progressToken;
    }

    /**
     * The next message (a notification, or the response, which is last); empty when the request was
     * cancelled or the session ended before it was answered, and after the response.
     */
    Optional<String> next() throws InterruptedException {
      String message = messages.take();
      if (message == END) {
        messages.add(END);
        return Optional.empty();
      }
      return Optional.of(message);
    }

    private void end() {
      messages.add(END);
    }
  }
}
