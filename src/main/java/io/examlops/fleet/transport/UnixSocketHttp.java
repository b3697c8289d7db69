package io.examlops.fleet.transport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 exchange over a Unix domain socket, where an API server listens on this machine only
 * ({@code slurmrestd unix:/run/slurmrestd.socket}): the JDK's HTTP client speaks only TCP. A
 * request per connection ({@code Connection: close}); the answer's body by {@code Content-Length},
 * chunks, or up to the end.
 */
final class UnixSocketHttp {
  /** A status line and headers longer than this are not an HTTP server's. */
  private static final int MAX_HEAD = 64 * 1024;

  private UnixSocketHttp() {}

  /**
   * What came back.
   *
   * @param status the HTTP status
   * @param contentType its {@code Content-Type}, or empty
   * @param body the body, at most {@code maxBytes} + 1 bytes of it
   */
  record Answer(int status, String contentType, byte[] body) {}

  /**
   * Sends one request and reads its answer; the connection is closed when {@code timeout} passes
   * first, which ends the exchange with {@link java.nio.channels.AsynchronousCloseException}.
   */
  static Answer exchange(
      Path socket,
      String method,
      String path,
      String body,
      Map<String, String> headers,
      Duration timeout,
      int maxBytes)
      throws IOException {
    SocketChannel opened;
    try {
      opened = SocketChannel.open(UnixDomainSocketAddress.of(socket));
    } catch (IOException e) {
      ConnectException refused = new ConnectException(e.getMessage());
      refused.initCause(e);
      throw refused;
    }
    try (SocketChannel channel = opened) {
      CompletableFuture<Void> deadline =
          CompletableFuture.runAsync(
              () -> closeQuietly(channel),
              CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS));
      try {
        channel.write(ByteBuffer.wrap(request(method, path, body, headers)));
        return answer(new BufferedInputStream(Channels.newInputStream(channel)), maxBytes);
      } finally {
        deadline.cancel(false);
      }
    }
  }

  private static byte[] request(
      String method, String path, String body, Map<String, String> headers) {
    byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    StringBuilder head = new StringBuilder();
    head.append(method).append(' ').append(path).append(" HTTP/1.1\r\n");
    head.append("Host: localhost\r\nConnection: close\r\nAccept: application/json\r\n");
    if (body != null) {
      head.append("Content-Type: application/json\r\n");
    }
    head.append("Content-Length: ").append(content.length).append("\r\n");
    headers.forEach((k, v) -> head.append(k).append(": ").append(v).append("\r\n"));
    head.append("\r\n");
    byte[] start = head.toString().getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[start.length + content.length];
    System.arraycopy(start, 0, all, 0, start.length);
    System.arraycopy(content, 0, all, start.length, content.length);
    return all;
  }

  /** The status line, headers and body of an answer. */
  static Answer answer(InputStream in, int maxBytes) throws IOException {
    String statusLine = line(in);
    String[] parts = statusLine.split(" ", 3);
    if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("\\d{3}")) {
      throw new IOException("not an HTTP answer: " + printable(statusLine));
    }
    int status = Integer.parseInt(parts[1]);
    String contentType = "";
    long length = -1;
    boolean chunked = false;
    int headBytes = statusLine.length();
    for (String line = line(in); !line.isEmpty(); line = line(in)) {
      headBytes += line.length();
      if (headBytes > MAX_HEAD) {
        throw new IOException("the answer's headers are longer than " + MAX_HEAD + " bytes");
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw new IOException("a malformed header: " + printable(line));
      }
      String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
      String value = line.substring(colon + 1).strip();
      switch (name) {
        case "content-type" -> contentType = value;
        case "content-length" -> length = contentLength(value);
        case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
        default -> {}
      }
    }
    byte[] content =
        chunked
            ? chunks(in, maxBytes)
            : in.readNBytes(length < 0 ? maxBytes + 1 : (int) Math.min(length, maxBytes + 1L));
    if (!chunked && length >= 0 && content.length < Math.min(length, maxBytes + 1L)) {
      throw new EOFException(
          "the answer ended after " + content.length + " of its " + length + " bytes");
    }
    return new Answer(status, contentType, content);
  }

  private static long contentLength(String value) throws IOException {
    if (!value.matches("\\d{1,18}")) {
      throw new IOException("a malformed Content-Length: " + printable(value));
    }
    return Long.parseLong(value);
  }

  private static byte[] chunks(InputStream in, int maxBytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (true) {
      String size = line(in);
      int semicolon = size.indexOf(';');
      String hex = (semicolon < 0 ? size : size.substring(0, semicolon)).strip();
      if (!hex.matches("[0-9A-Fa-f]{1,8}")) {
        throw new IOException("a malformed chunk size: " + printable(size));
      }
      int n = Integer.parseInt(hex, 16);
      if (n == 0) {
        return out.toByteArray();
      }
      byte[] chunk = in.readNBytes(n);
      if (chunk.length < n) {
        throw new EOFException("the answer ended inside a chunk");
      }
      out.write(chunk, 0, Math.min(n, maxBytes + 1 - out.size()));
      if (out.size() > maxBytes) {
        return out.toByteArray();
      }
      line(in);
    }
  }

  /** One line up to CRLF (or LF), without it; the end of the stream before one is an error. */
  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b < 0) {
        throw new EOFException("the connection closed before the answer was complete");
      }
      if (line.size() > MAX_HEAD) {
        throw new IOException("a line of the answer is longer than " + MAX_HEAD + " bytes");
      }
      line.write(b);
    }
    String text = line.toString(StandardCharsets.ISO_8859_1);
    return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
  }

  private static String printable(String text) {
    String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
    return "'" + cut.replaceAll("\\p{Cntrl}", "?") + "'";
  }

  private static void closeQuietly(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // closing is how the deadline ends the exchange; nothing is left to tell
    }
  }
}
