package io.examlops.fleet.mcp;

import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema.LoggingLevel;
import io.modelcontextprotocol.spec.McpSchema.LoggingMessageNotification;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one running call tells its client besides its answer: progress ({@code
 * notifications/progress}, when the call carried a {@code progressToken}) and log lines ({@code
 * notifications/message}, which the session sends only at or above the level the client set with
 * {@code logging/setLevel}). A call that was cancelled (its thread interrupted) tells nothing more,
 * and a client that went away does not fail the call.
 */
final class ClientChannel {
  private static final Logger LOG = LoggerFactory.getLogger(ClientChannel.class);

  /** The logger name a client sees on every log line. */
  static final String LOGGER = FleetMcpServer.NAME;

  private final McpSyncServerExchange exchange;
  private final String tool;
  private final AtomicInteger steps = new AtomicInteger();

  ClientChannel(McpSyncServerExchange exchange, String tool) {
    this.exchange = exchange;
    this.tool = tool;
  }

  /**
   * Each step logged at {@code debug}, and sent as progress when the client gave a token: the count
   * of steps so far, with no total (a call does not know how many it will take).
   */
  Progress progress(Object token) {
    return step -> {
      log(LoggingLevel.DEBUG, step);
      if (token != null) {
        int done = steps.getAndIncrement();
        send(
            () ->
                exchange.progressNotification(
                    new ProgressNotification(token, done, null, tool + ": " + step)));
      }
    };
  }

  /** A log line about this call, prefixed with the tool's name. */
  void log(LoggingLevel level, String message) {
    send(
        () ->
            exchange.loggingNotification(
                new LoggingMessageNotification(level, LOGGER, tool + ": " + message)));
  }

  private void send(Runnable notification) {
    if (exchange == null || Thread.currentThread().isInterrupted()) {
      return;
    }
    try {
      notification.run();
    } catch (RuntimeException e) {
      LOG.debug("a notification could not be sent to the client", e);
    }
  }
}
