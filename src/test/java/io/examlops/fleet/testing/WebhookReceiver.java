package io.examlops.fleet.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook's receiving end on a free loopback port (the JDK's HTTP server), which checks each
 * delivery's signature as docs/console.md tells a receiver to, with its own code: HMAC-SHA256 under
 * the shared secret of the timestamp header, a dot and the raw body, compared in constant time, the
 * timestamp within five minutes. It answers {@link #answer} (204 unless told otherwise); between
 * {@link #hold} and {@link #release} it records each request as it comes but answers none (a
 * receiver that hangs, for as long as the test says, not for a while).
 */
public final class WebhookReceiver implements AutoCloseable {
  public static final String PATH = "/hooks/fleet";

  private final byte[] secret;
  private final HttpServer server;
  private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
  private final AtomicInteger status = new AtomicInteger(204);

  /** Open unless held: each request waits on the latch that was current when it came. */
  private volatile CountDownLatch gate = new CountDownLatch(0);

  /**
   * One request as it came.
   *
   * @param headers by lower-case name
   * @param signed whether its signature is right and its timestamp fresh
   */
  public record Delivery(
      String method, String path, Map<String, String> headers, byte[] body, boolean signed) {
    public JsonNode json() {
      try {
        return new ObjectMapper().readTree(body);
      } catch (IOException e) {
        throw new AssertionError("the body is not JSON: " + new String(body), e);
      }
    }

    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    public String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  public WebhookReceiver(byte[] secret) throws IOException {
    this.secret = secret.clone();
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          byte[] body;
          try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
          }
          Map<String, String> headers = new TreeMap<>();
          exchange
              .getRequestHeaders()
              .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
          deliveries.add(
              new Delivery(
                  exchange.getRequestMethod(),
                  exchange.getRequestURI().toString(),
                  headers,
                  body,
                  verify(headers, body)));
          try {
            gate.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          exchange.sendResponseHeaders(status.get(), -1);
          exchange.close();
        });
    server.start();
  }

  private boolean verify(Map<String, String> headers, byte[] body) {
    String timestamp = headers.get("x-hpc-fleet-timestamp");
    String signature = headers.get("x-hpc-fleet-signature");
    if (timestamp == null || signature == null || !timestamp.matches("\\d{1,12}")) {
      return false;
    }
    if (Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(timestamp)) > 300) {
      return false;
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      byte[] signed = (timestamp + ".").getBytes(StandardCharsets.US_ASCII);
      mac.update(signed);
      String expected = "sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(body));
      return MessageDigest.isEqual(
          expected.getBytes(StandardCharsets.US_ASCII),
          signature.getBytes(StandardCharsets.US_ASCII));
    } catch (java.security.GeneralSecurityException e) {
      throw new AssertionError(e);
    }
  }

  /** Where to POST: a path with a query, as webhook URLs that carry a token have. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + PATH + "?token=s3cr3t-in-url";
  }

  /** The status code every request is answered with from now on. */
  public void answer(int code) {
    status.set(code);
  }

  /**
   * From now on each request is recorded (so {@link #await} sees it) but not answered until {@link
   * #release}.
   */
  public void hold() {
    gate = new CountDownLatch(1);
  }

  /** Answers the requests held since {@link #hold}, and those that come after, at once again. */
  public void release() {
    gate.countDown();
  }

  public List<Delivery> deliveries() {
    return List.copyOf(deliveries);
  }

  /** Waits until {@code count} requests came; returns them all. */
  public List<Delivery> await(int count) {
    Eventually.waitUntil(count + " webhook request(s)", () -> deliveries.size() >= count);
    return deliveries();
  }

  @Override
  public void close() {
    release();
    server.stop(0);
  }
}
