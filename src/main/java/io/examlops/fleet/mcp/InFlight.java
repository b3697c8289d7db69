package io.examlops.fleet.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * The requests a session is answering, so that a client's {@code notifications/cancelled} stops
 * one: its handling is disposed, which interrupts the worker thread a tool call runs on (and so
 * kills the command it runs on a cluster, or ends its wait), and its answer is never sent, as the
 * specification asks. A cancellation of a request that already ended, or was never made, is
 * ignored; so is one of {@code initialize}, which the specification says cannot be cancelled.
 */
final class InFlight {
  private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);

  /** The notification a client sends to cancel a request it made. */
  static final String CANCELLED = "notifications/cancelled";

  private final Map<String, Sinks.One<Boolean>> running = new ConcurrentHashMap<>();

  /** {@code handling} of {@code message}, stopped when the request is cancelled. */
  Mono<Void> handle(JSONRPCMessage message, Mono<Void> handling) {
    if (!(message instanceof JSONRPCRequest request)
        || McpSchema.METHOD_INITIALIZE.equals(request.method())) {
      return handling;
    }
    String key = key(request.id());
    Sinks.One<Boolean> cancel = Sinks.one();
    if (running.putIfAbsent(key, cancel) != null) {
      // A client that reuses an id while the first request runs can cancel only the first.
      return handling;
    }
    return handling
        .takeUntilOther(cancel.asMono())
        .doFinally(signal -> running.remove(key, cancel));
  }

  /** Stops the request the notification's {@code requestId} names, if it is still running. */
  void cancel(Object params) {
    Object id = params instanceof Map<?, ?> map ? map.get("requestId") : null;
    Sinks.One<Boolean> cancel = id == null ? null : running.get(key(id));
    if (cancel == null) {
      LOG.debug("a cancellation of request {}, which is not running, is ignored", id);
      return;
    }
    LOG.debug("request {} is cancelled by the client", id);
    cancel.tryEmitValue(true);
  }

  /** A JSON-RPC id as a key: {@code 7} and {@code "7"} are different requests. */
  private static String key(Object id) {
    return (id instanceof Number ? "n:" : "s:") + id;
  }
}
