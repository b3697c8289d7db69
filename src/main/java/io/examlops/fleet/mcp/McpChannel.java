package io.examlops.fleet.mcp;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.settings.ProductVersion;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * One MCP session fed message by message, for a transport other than stdio (the console's
 * Streamable HTTP): the very server {@code exa mcp serve} runs — its tools, its screening of calls,
 * its answers to unreadable messages — over an in-memory line feed instead of stdin and stdout, so
 * that both transports answer alike and each protocol fix lands in both.
 */
public final class McpChannel implements AutoCloseable {
  private static final byte[] END = new byte[0];

  private final BlockingQueue<byte[]> inbox = new LinkedBlockingQueue<>();

  private McpChannel() {}

  /**
   * Starts a session for {@code user}; each message the server sends (a response, a notification)
   * is handed to {@code outbox} as one line of JSON, from the session's threads.
   *
   * @param user the acting user, recorded with the client's name as {@code mcp:<client>}
   * @param writes whether the write tools (approve, reject) are offered, and why not; refused
   *     server-side when they are not
   * @param ended runs once the server has stopped, after its last message, however it stopped
   */
  public static McpChannel open(
      Fleet fleet,
      Clock clock,
      String user,
      WriteAccess writes,
      Consumer<String> outbox,
      Runnable ended) {
    McpChannel channel = new McpChannel();
    FleetMcpServer server = new FleetMcpServer(new FleetTools(fleet, clock, user), writes);
    Thread thread =
        new Thread(
            () -> {
              try {
                server.serve(channel.new Inbox(), new Outbox(outbox), ProductVersion.get());
              } finally {
                ended.run();
              }
            },
            "mcp-channel");
    thread.setDaemon(true);
    thread.start();
    return channel;
  }

  /** Hands one JSON-RPC message (one JSON object, no line break) to the session. */
  public void send(String message) {
    if (message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0) {
      throw new IllegalArgumentException("a message goes on one line: serialize it compactly");
    }
    inbox.add((message + "\n").getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Ends the session's input: the server answers what it was sent and stops, as {@code exa mcp
   * serve} does when stdin closes.
   */
  @Override
  public void close() {
    inbox.add(END);
  }

  /** The server's stdin: the messages sent, as lines; at the end, the end of the stream. */
  private final class Inbox extends InputStream {
    private byte[] chunk = new byte[0];
    private int at;
    private boolean ended;

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
      if (length == 0) {
        return 0;
      }
      while (!ended && at == chunk.length) {
        try {
          chunk = inbox.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          chunk = END;
        }
        at = 0;
        ended = chunk == END;
      }
      if (ended) {
        return -1;
      }
      int n = Math.min(length, chunk.length - at);
      System.arraycopy(chunk, at, buffer, offset, n);
      at += n;
      return n;
    }
  }

  /** The server's stdout: each line it writes goes to the outbox. */
  private static final class Outbox extends OutputStream {
    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    Outbox(Consumer<String> lines) {
      this.lines = lines;
    }

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        lines.accept(line.toString(StandardCharsets.UTF_8));
        line.reset();
      } else {
        line.write(b);
      }
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) {
      for (int i = offset; i < offset + length; i++) {
        write(bytes[i]);
      }
    }
  }
}
