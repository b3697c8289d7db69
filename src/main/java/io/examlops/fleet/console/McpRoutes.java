package io.examlops.fleet.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.json.FleetJson;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Header;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fleet's MCP tools over Streamable HTTP (MCP 2025-11-25, "Transports"), at {@code /mcp}: a
 * client posts each JSON-RPC message; {@code initialize} begins a session whose id comes back in
 * {@code Mcp-Session-Id} and goes with every later message; a request is answered with one JSON
 * document, or with a stream of server-sent events (its progress, then its response) when the
 * client accepts them; a notification or a response is taken with 202; {@code DELETE} ends the
 * session. The client authenticates with an API token, as for the REST API: reading needs the read
 * scope, and the approval tools exist only for a token with the admin scope on a console that
 * allows MCP writes. A request from a web page of an origin not allowed is refused before anything
 * else.
 */
final class McpRoutes {
  static final String PATH = "/mcp";
  static final String SESSION_HEADER = "Mcp-Session-Id";
  static final String VERSION_HEADER = "MCP-Protocol-Version";

  /** At most this many sessions at once, so that clients that never end theirs cannot pile up. */
  static final int MAX_SESSIONS = 64;

  /** A session unused this long is ended when room is needed for a new one. */
  static final Duration IDLE = Duration.ofMinutes(30);

  private static final String EXAMPLE =
      "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}";
  private static final String TOKEN_HINT =
      "send Authorization: Bearer <token>, an API token with the read scope (an admin creates it"
          + " on Users & tokens)";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final ConsoleParts parts;
  private final McpOptions options;
  private final Map<String, McpHttpSession> sessions = new ConcurrentHashMap<>();

  McpRoutes(ConsoleParts parts, McpOptions options) {
    this.parts = parts;
    this.options = options;
  }

  void register(RoutesConfig routes) {
    routes.before(PATH, this::checkOrigin);
    routes.post(PATH, this::post, Needs.READ);
    routes.get(PATH, this::noStream, Needs.READ);
    routes.delete(PATH, this::delete, Needs.READ);
  }

  /**
   * Before anything else, even who sent it: a page from an origin not allowed may not reach the
   * fleet through a user's browser (the specification's defence against DNS rebinding).
   */
  private void checkOrigin(Context ctx) {
    String origin = ctx.header(Header.ORIGIN);
    if (!options.allows(origin)) {
      throw Refusal.forbidden(
          "requests from web pages of origin "
              + io.examlops.fleet.model.Printable.quoted(origin)
              + " may not use /mcp; nothing was read",
          "an MCP client that is not a web page sends no Origin header; for a web client, the"
              + " console's admin starts it with --mcp-allow-origin ORIGIN");
    }
  }

  private void post(Context ctx) {
    Principal principal = tokenHolder(ctx);
    JsonNode message = JsonBody.of(ctx, EXAMPLE).object();
    boolean request = message.has("method") && message.has("id");
    if (request && !(message.get("id").isTextual() || message.get("id").isIntegralNumber())) {
      throw Refusal.badRequest(
          "a JSON-RPC request's id must be a string or an integer", "e.g. " + EXAMPLE);
    }
    if (!message.has("method") && !(message.has("id") && answers(message))) {
      throw Refusal.badRequest(
          "the body is not a JSON-RPC request, notification or response: it has no \"method\""
              + " (nor an \"id\" with a \"result\" or an \"error\")",
          "e.g. " + EXAMPLE);
    }
    boolean stream = accepts(ctx, "text/event-stream");
    if (request && !stream && !accepts(ctx, "application/json")) {
      throw new Refusal(
          406,
          "NOT_ACCEPTABLE",
          "a request is answered as application/json or text/event-stream, and the Accept header"
              + " takes neither",
          "send Accept: application/json, text/event-stream");
    }
    boolean initialize = request && "initialize".equals(message.get("method").asText());
    McpHttpSession session = initialize ? begin(ctx, principal) : session(ctx, principal);
    if (!request) {
      session.tell(message);
      ctx.status(202);
      return;
    }
    McpHttpSession.Call call;
    try {
      call = session.request(message);
    } catch (RuntimeException e) {
      if (initialize) {
        end(session);
      }
      throw e;
    }
    answer(ctx, call, stream, initialize ? session : null);
  }

  private static boolean answers(JsonNode message) {
    return message.has("result") || message.has("error");
  }

  /**
   * Sends what the server says about one request: as events while they come (the connection stays
   * open until the response), or the response alone as one JSON document.
   */
  private void answer(
      Context ctx, McpHttpSession.Call call, boolean stream, McpHttpSession opened) {
    try {
      if (!stream) {
        // Only the response goes in a JSON answer: the notifications before it are left out.
        Optional<String> response = call.next();
        while (response.isPresent() && !isResponse(response.get())) {
          response = call.next();
        }
        if (response.isEmpty()) {
          ctx.status(204);
          return;
        }
        ctx.contentType("application/json");
        ctx.result(response.get());
        return;
      }
      ctx.status(200);
      ctx.res().setContentType("text/event-stream");
      ctx.res().setCharacterEncoding("UTF-8");
      ctx.res().setHeader(Header.CACHE_CONTROL, "no-store");
      ctx.res().setHeader("X-Content-Type-Options", "nosniff");
      OutputStream out = ctx.res().getOutputStream();
      for (Optional<String> next = call.next(); next.isPresent(); next = call.next()) {
        out.write(
            ("event: message\ndata: " + next.get() + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // The client went away: what it asked is still done (a dropped connection is no
      // cancellation), and nobody is left to tell.
    } finally {
      settle(opened);
    }
  }

  /** Whether a message the server sent is a response rather than a notification. */
  private static boolean isResponse(String message) {
    try {
      return !FleetJson.mapper().readTree(message).has("method");
    } catch (IOException e) {
      return true;
    }
  }

  /**
   * After an initialize: a session the server refused to begin is ended, so that its id leads
   * nowhere.
   */
  private void settle(McpHttpSession opened) {
    if (opened != null && opened.protocolVersion().isEmpty()) {
      end(opened);
    }
  }

  /** A new session for an initialize; its id goes out in the answer's header. */
  private McpHttpSession begin(Context ctx, Principal principal) {
    if (ctx.header(SESSION_HEADER) != null) {
      throw Refusal.badRequest(
          "initialize begins a session, and this request names one already ("
              + SESSION_HEADER
              + ")",
          "send initialize without " + SESSION_HEADER + ", or go on in the session it names");
    }
    if (sessions.size() >= MAX_SESSIONS) {
      sessions.values().stream()
          .filter(s -> s.lastUsed().isBefore(parts.clock().instant().minus(IDLE)))
          .toList()
          .forEach(this::end);
    }
    if (sessions.size() >= MAX_SESSIONS) {
      throw new Refusal(
          503,
          "UNAVAILABLE",
          "the console holds " + MAX_SESSIONS + " MCP sessions already; no new one was begun",
          "end sessions no longer used (DELETE /mcp with their "
              + SESSION_HEADER
              + "), or try again once one has been unused for "
              + IDLE.toMinutes()
              + " minutes");
    }
    byte[] random = new byte[24];
    RANDOM.nextBytes(random);
    String id = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    McpHttpSession session =
        McpHttpSession.open(id, principal, parts.fleet(), parts.clock(), options);
    sessions.put(id, session);
    ctx.header(SESSION_HEADER, id);
    return session;
  }

  /**
   * The session a request names, for the token that sent it, in the protocol version it negotiated.
   */
  private McpHttpSession session(Context ctx, Principal principal) {
    String id = ctx.header(SESSION_HEADER);
    if (id == null) {
      throw Refusal.badRequest(
          "this request names no MCP session: the " + SESSION_HEADER + " header is missing",
          "begin with initialize, then send the "
              + SESSION_HEADER
              + " header its answer carried with every request");
    }
    McpHttpSession session = sessions.get(id);
    if (session == null || !session.standsFor(principal) || session.protocolVersion().isEmpty()) {
      throw new Refusal(
          404,
          "NOT_FOUND",
          "no MCP session "
              + io.examlops.fleet.model.Printable.quoted(id)
              + " for this token: it ended, expired, or was begun by another token or with other"
              + " scopes",
          "begin a new session with initialize");
    }
    String version = ctx.header(VERSION_HEADER);
    if (version != null && !version.equals(session.protocolVersion().get())) {
      throw Refusal.badRequest(
          VERSION_HEADER
              + " "
              + io.examlops.fleet.model.Printable.quoted(version)
              + " is not the protocol version this session negotiated ("
              + session.protocolVersion().get()
              + ")",
          "send " + VERSION_HEADER + ": " + session.protocolVersion().get());
    }
    return session;
  }

  /** GET would open a stream for messages that answer no request: this server sends none. */
  private void noStream(Context ctx) {
    tokenHolder(ctx);
    ctx.header(Header.ALLOW, "POST, DELETE");
    throw new Refusal(
        405,
        "METHOD_NOT_ALLOWED",
        "this server sends nothing outside the answer to a request, so it offers no stream on GET",
        "POST each message; a request's progress comes in its own answer's event stream");
  }

  private void delete(Context ctx) {
    McpHttpSession session = session(ctx, tokenHolder(ctx));
    end(session);
    ctx.status(204);
  }

  private void end(McpHttpSession session) {
    sessions.remove(session.id, session);
    session.close();
  }

  /** Ends every session: the console stops. */
  void close() {
    sessions.values().forEach(this::end);
  }

  /**
   * Who sent the request: an API token (a signed-in browser session is not an MCP client, and a
   * cookie must not act for a page that posts here).
   */
  private static Principal tokenHolder(Context ctx) {
    Principal principal = Guard.principal(ctx);
    if (principal.token() == null) {
      throw Refusal.unauthenticated(
          "/mcp takes an API token, not a console session: send Authorization: Bearer <token>");
    }
    return principal;
  }

  private static boolean accepts(Context ctx, String type) {
    String accept = ctx.header(Header.ACCEPT);
    if (accept == null) {
      return type.equals("application/json");
    }
    for (String part : accept.split(",")) {
      String media = part.split(";")[0].strip().toLowerCase(java.util.Locale.ROOT);
      if (media.equals(type) || media.equals("*/*")) {
        return !(media.equals("*/*") && type.equals("text/event-stream"));
      }
    }
    return false;
  }

  /**
   * A refusal as MCP clients read one: a JSON-RPC error without id ({@code -32600} for a request
   * refused as malformed, {@code -32000} otherwise), the console's kind and hint in its data.
   */
  static Map<String, Object> body(Refusal refusal) {
    // An MCP client signs in to nothing: the console's own hint for a 401 speaks of its sign-in.
    String hint = refusal.status() == 401 ? TOKEN_HINT : refusal.hint();
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", refusal.status() == 400 ? -32600 : -32000);
    error.put("message", refusal.getMessage() + (hint == null ? "" : "; to fix: " + hint));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("kind", refusal.kind());
    if (hint != null) {
      data.put("hint", hint);
    }
    error.put("data", data);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", null);
    body.put("error", error);
    return body;
  }
}
