package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTP/1.1 over a Unix domain socket: answers read as servers send them, and broken ones refused.
 */
class UnixSocketHttpTest {
  @TempDir Path dir;

  private static UnixSocketHttp.Answer read(String answer) throws IOException {
    return UnixSocketHttp.answer(
        new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)), 1000);
  }

  @Test
  void aBodyIsReadByItsLengthByItsChunksOrToTheEnd() throws IOException {
    UnixSocketHttp.Answer sized =
        read("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}xx");
    assertThat(sized.status()).isEqualTo(200);
    assertThat(sized.contentType()).isEqualTo("application/json");
    assertThat(new String(sized.body(), StandardCharsets.UTF_8)).isEqualTo("{}");
    UnixSocketHttp.Answer chunked =
        read(
            "HTTP/1.1 401 Unauthorized\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nAut\r\n2;x=1\r\nh!\r\n0\r\n\r\n");
    assertThat(chunked.status()).isEqualTo(401);
    assertThat(new String(chunked.body(), StandardCharsets.UTF_8)).isEqualTo("Auth!");
    assertThat(new String(read("HTTP/1.0 200 OK\n\nto the end").body(), StandardCharsets.UTF_8))
        .isEqualTo("to the end");
  }

  @Test
  void aCutOrForeignAnswerIsRefusedSayingWhat() {
    assertThatThrownBy(() -> read("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}"))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("after 2 of its 10 bytes");
    assertThatThrownBy(() -> read("SSH-2.0-OpenSSH_9.2\r\n"))
        .hasMessageContaining("not an HTTP answer: 'SSH-2.0-OpenSSH_9.2'");
    assertThatThrownBy(() -> read("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"))
        .hasMessageContaining("malformed Content-Length");
    assertThatThrownBy(() -> read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
        .hasMessageContaining("malformed chunk size");
    assertThatThrownBy(() -> read("HTTP/1.1 200 OK\r\nContent-Type"))
        .hasMessageContaining("closed before the answer was complete");
  }

  @Test
  void aRequestReachesTheServerAndItsAnswerComesBack() throws Exception {
    Path socket = dir.resolve("api.socket");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      CompletableFuture<String> received =
          CompletableFuture.supplyAsync(
              () -> {
                try (SocketChannel client = server.accept()) {
                  ByteBuffer in = ByteBuffer.allocate(4096);
                  String request = "";
                  while (!request.contains("{\"a\":1}")) {
                    client.read(in);
                    request = new String(in.array(), 0, in.position(), StandardCharsets.UTF_8);
                  }
                  client.write(
                      ByteBuffer.wrap(
                          "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ntrue"
                              .getBytes(StandardCharsets.UTF_8)));
                  return request;
                } catch (IOException e) {
                  throw new IllegalStateException(e);
                }
              });
      UnixSocketHttp.Answer answer =
          UnixSocketHttp.exchange(
              socket,
              "POST",
              "/slurm/v0.0.38/job/submit",
              "{\"a\":1}",
              Map.of("X-SLURM-USER-NAME", "alice"),
              Duration.ofMinutes(1),
              1000);
      assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("true");
      assertThat(received.get())
          .startsWith("POST /slurm/v0.0.38/job/submit HTTP/1.1\r\n")
          .contains("X-SLURM-USER-NAME: alice\r\n", "Content-Length: 7\r\n", "Connection: close");
    }
  }

  @Test
  void noServerOnTheSocketIsAConnectFailure() {
    assertThatThrownBy(
            () ->
                UnixSocketHttp.exchange(
                    dir.resolve("none.socket"),
                    "GET",
                    "/openapi/v3",
                    null,
                    Map.of(),
                    Duration.ofMinutes(1),
                    1000))
        .isInstanceOf(ConnectException.class);
  }
}
