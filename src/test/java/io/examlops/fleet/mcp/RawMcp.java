package io.examlops.fleet.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code exa mcp serve} in a process of its own, spoken to in raw JSON-RPC lines while it
 * runs: a request is sent, and what the server writes is read as it comes, so a test sees which
 * answer came first and which notifications came before it. Waits are bounded only so that a broken
 * server fails the test instead of hanging it; nothing is asserted about how long anything took.
 */
final class RawMcp implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The longest a test waits for one message before it fails: a bound, not an expectation. */
  private static final long BOUND_SECONDS = 120;

  private static final JsonNode END = JSON.createObjectNode();

  private final Process process;
  private final Path stderr;
  private final OutputStream stdin;
  private final BlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
  private final List<JsonNode> read = new ArrayList<>();

  private RawMcp(Process process, Path stderr) {
    this.process = process;
    this.stderr = stderr;
    this.stdin = process.getOutputStream();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                  inbox.add(JSON.readTree(line));
                }
              } catch (IOException e) {
                // the process ended; END below says so
              } finally {
                inbox.add(END);
              }
            },
            "raw-mcp-stdout");
    reader.setDaemon(true);
    reader.start();
  }

  /** {@code exa mcp serve} with exactly this environment, its stderr to a file. */
  static RawMcp start(Map<String, String> env, Path stderr) throws IOException {
    List<String> command = new ArrayList<>(List.of("env"));
    command.addAll(ExaMcp.command(env, List.of()));
    return new RawMcp(
        new ProcessBuilder(command)
            .redirectError(stderr.toFile())
            .redirectOutput(ProcessBuilder.Redirect.PIPE)
            .start(),
        stderr);
  }

  /** Initializes the session as a client of this revision; returns the initialize result. */
  JsonNode initialize(String protocolVersion) {
    send(
        request(
            0,
            "initialize",
            Map.of(
                "protocolVersion",
                protocolVersion,
                "capabilities",
                Map.of(),
                "clientInfo",
                Map.of("name", "raw", "version", "1"))));
    JsonNode result = response(0).get("result");
    send(Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
    return result;
  }

  static Map<String, Object> request(Object id, String method, Object params) {
    return Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params);
  }

  static Map<String, Object> call(Object id, String tool, Map<String, Object> arguments) {
    return request(id, "tools/call", Map.of("name", tool, "arguments", arguments));
  }

  /** Writes one message as one line. */
  void send(Object message) {
    try {
      stdin.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The response to request {@code id}: read already, or read until it arrives. */
  JsonNode response(Object id) {
    for (JsonNode message : read) {
      if (answers(message, id)) {
        return message;
      }
    }
    for (; ; ) {
      JsonNode message = next();
      assertThat(message).as("the server ended before it answered request %s", id).isNotSameAs(END);
      if (answers(message, id)) {
        return message;
      }
    }
  }

  private static boolean answers(JsonNode message, Object id) {
    return message.has("id")
        && !message.has("method")
        && message.get("id").asText().equals("" + id);
  }

  /** Every message read so far, in the order the server wrote them. */
  List<JsonNode> read() {
    return List.copyOf(read);
  }

  /** The ids of the responses read so far, in the order they came. */
  List<String> answered() {
    return read.stream()
        .filter(m -> m.has("id") && !m.has("method"))
        .map(m -> m.get("id").asText())
        .toList();
  }

  /** The notifications of this method read so far. */
  List<JsonNode> notifications(String method) {
    return read.stream().filter(m -> method.equals(m.path("method").asText(null))).toList();
  }

  /** Closes stdin, reads what is left, and returns the exit code once the server ended. */
  int finish() throws InterruptedException {
    try {
      stdin.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    while (next() != END) {
      // read what the server still writes
    }
    assertThat(process.waitFor(BOUND_SECONDS, TimeUnit.SECONDS))
        .as("the server ends when stdin closes")
        .isTrue();
    return process.exitValue();
  }

  private JsonNode next() {
    JsonNode message;
    try {
      message = inbox.poll(BOUND_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    if (message == null) {
      String log;
      try {
        log = Files.readString(stderr);
      } catch (IOException e) {
        log = "unreadable: " + e;
      }
      assertThat(message)
          .as("a message from the server; read so far: %s%nits stderr:%n%s", read, log)
          .isNotNull();
    }
    if (message != END) {
      read.add(message);
    } else {
      inbox.add(END);
    }
    return message;
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
