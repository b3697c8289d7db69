package io.examlops.fleet.console.notify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.OutboundHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * POSTs each notification as JSON, signed: {@value #SIGNATURE} is {@code sha256=} and the hex
 * HMAC-SHA256, under the admin's secret, of the {@value #TIMESTAMP} header's value, a dot and the
 * raw body. A receiver recomputes it, compares in constant time and refuses a timestamp more than
 * five minutes off (a replayed delivery); {@value #DELIVERY} (also the body's {@code id}) is the
 * same on every try of one delivery. Redirects are not followed; only a 2xx answer is a delivery.
 */
final class WebhookChannel implements Channel {
  static final String SIGNATURE = "X-HPC-Fleet-Signature";
  static final String TIMESTAMP = "X-HPC-Fleet-Timestamp";
  static final String EVENT = "X-HPC-Fleet-Event";
  static final String DELIVERY = "X-HPC-Fleet-Delivery";
  static final String DIGEST = "digest";

  private final NotifySettings.Webhook settings;
  private final String console;
  private final Clock clock;
  private final HttpClient http;

  WebhookChannel(NotifySettings.Webhook settings, String console, Clock clock) {
    this.settings = settings;
    this.console = console;
    this.clock = clock;
    this.http = OutboundHttp.client(settings.timeout());
  }

  @Override
  public String name() {
    return "webhook";
  }

  @Override
  public void deliver(List<Notification> batch, int omitted, String id) throws DeliveryException {
    ObjectNode body = body(batch, omitted, id);
    byte[] raw = FleetJson.compact(body).getBytes(StandardCharsets.UTF_8);
    String timestamp = Long.toString(clock.instant().getEpochSecond());
    HttpRequest request =
        HttpRequest.newBuilder(settings.url())
            .timeout(settings.timeout())
            .header("Content-Type", "application/json")
            .header("User-Agent", "hpc-fleet-console")
            .header(EVENT, body.get("event").asText())
            .header(DELIVERY, id)
            .header(TIMESTAMP, timestamp)
            .header(SIGNATURE, "sha256=" + signature(settings.secret(), timestamp, raw))
            .POST(HttpRequest.BodyPublishers.ofByteArray(raw))
            .build();
    HttpResponse<Void> answer;
    try {
      answer = http.send(request, HttpResponse.BodyHandlers.discarding());
    } catch (HttpTimeoutException e) {
      throw failure("no answer within " + settings.timeout().toSeconds() + " s");
    } catch (IOException e) {
      throw failure(e.getClass().getSimpleName() + scrubbed(e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw failure("interrupted");
    }
    if (answer.statusCode() / 100 != 2) {
      throw failure("answered HTTP " + answer.statusCode());
    }
  }

  private DeliveryException failure(String why) {
    return new DeliveryException("POST to " + settings.origin() + ": " + why);
  }

  /** An exception's words without the URL's path or query (they may hold a token). */
  private String scrubbed(String message) {
    if (message == null || message.isBlank()) {
      return "";
    }
    URI url = settings.url();
    String text = message.replace(url.toString(), settings.origin());
    if (url.getRawPath() != null && url.getRawPath().length() > 1) {
      text = text.replace(url.getRawPath(), "/...");
    }
    if (url.getRawQuery() != null) {
      text = text.replace(url.getRawQuery(), "...");
    }
    return " (" + text + ")";
  }

  /** The JSON of one notification, or of a digest listing several. */
  ObjectNode body(List<Notification> batch, int omitted, String id) {
    ObjectNode body;
    if (batch.size() == 1 && omitted == 0) {
      body = event(batch.get(0));
    } else {
      body = FleetJson.mapper().createObjectNode();
      body.put("event", DIGEST);
      body.set("at", FleetJson.mapper().valueToTree(clock.instant()));
      body.put("count", batch.size() + omitted);
      body.put("omitted", omitted);
      body.put(
          "summary",
          (batch.size() + omitted) + " notifications held by the rate limit, in one digest");
      ArrayNode events = body.putArray("events");
      batch.forEach(n -> events.add(event(n)));
    }
    body.put("id", id);
    body.put("console", console);
    return body;
  }

  private static ObjectNode event(Notification n) {
    ObjectNode e = FleetJson.mapper().createObjectNode();
    e.put("event", n.event());
    e.put("cluster", n.cluster());
    e.put("actor", n.actor());
    e.put("surface", n.surface());
    e.set("at", FleetJson.mapper().valueToTree(n.at()));
    e.put("summary", n.title());
    e.set("details", n.details() == null ? FleetJson.mapper().nullNode() : n.details());
    e.put("link", n.link());
    return e;
  }

  /** The hex HMAC-SHA256 of {@code timestamp + "." + body} under {@code secret}. */
  static String signature(byte[] secret, String timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      mac.update(timestamp.getBytes(StandardCharsets.US_ASCII));
      mac.update((byte) '.');
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
    }
  }
}
