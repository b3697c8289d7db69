package io.examlops.fleet.console.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.MovingClock;
import io.examlops.fleet.testing.WebhookReceiver;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The webhook channel against a real HTTP receiver that checks each signature with its own code:
 * the JSON a receiver gets, its headers, a retry after a failed try, a receiver that is down, and
 * the rate limit folding what is over it into one digest.
 */
class WebhookNotifierTest {
  static final byte[] SECRET = "a webhook secret of some length".getBytes(StandardCharsets.UTF_8);
  static final String CONSOLE = "https://fleet.example.org/";
  static final List<Duration> QUICK_RETRIES = List.of(Duration.ofMillis(100));

  @TempDir Path dir;

  static NotifySettings.Webhook settings(String url) {
    return new NotifySettings.Webhook(URI.create(url), SECRET, Duration.ofSeconds(5));
  }

  static Notification pending(String cluster) {
    return new Notification(
        Notification.PENDING,
        cluster,
        "ann",
        "cli",
        Instant.parse("2026-03-01T10:00:00Z"),
        "cluster " + cluster + " waits for approval",
        "Cluster " + cluster + " was registered by ann (cli).",
        FleetJson.mapper().valueToTree(Map.of("state", "PENDING", "auditId", 7)),
        CONSOLE + "review");
  }

  private static Notifier notifier(String url, int perMinute, Duration window) {
    return notifier(url, perMinute, window, Clock.systemUTC());
  }

  private static Notifier notifier(String url, int perMinute, Duration window, Clock clock) {
    return new Notifier(
        List.of(new WebhookChannel(settings(url), CONSOLE, clock)),
        perMinute,
        window,
        QUICK_RETRIES,
        clock);
  }

  @Test
  void aNotificationIsPostedAsJsonAndItsSignatureChecks() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver(SECRET);
        Notifier notifier = notifier(receiver.url(), 10, Duration.ofMinutes(1))) {
      notifier.offer(pending("gpu1"));
      WebhookReceiver.Delivery d = receiver.await(1).get(0);
      assertThat(d.signed()).as("the receiver's own check of the signature").isTrue();
      assertThat(d.method()).isEqualTo("POST");
      assertThat(d.path()).isEqualTo(WebhookReceiver.PATH + "?token=s3cr3t-in-url");
      assertThat(d.header("Content-Type")).isEqualTo("application/json");
      assertThat(d.header(WebhookChannel.EVENT)).isEqualTo("cluster-pending");
      JsonNode body = d.json();
      assertThat(body.get("event").asText()).isEqualTo("cluster-pending");
      assertThat(body.get("cluster").asText()).isEqualTo("gpu1");
      assertThat(body.get("actor").asText()).isEqualTo("ann");
      assertThat(body.get("surface").asText()).isEqualTo("cli");
      assertThat(body.get("at").asText()).isEqualTo("2026-03-01T10:00:00.000Z");
      assertThat(body.get("summary").asText()).isEqualTo("cluster gpu1 waits for approval");
      assertThat(body.get("details").get("state").asText()).isEqualTo("PENDING");
      assertThat(body.get("link").asText()).isEqualTo(CONSOLE + "review");
      assertThat(body.get("console").asText()).isEqualTo(CONSOLE);
      assertThat(body.get("id").asText()).isEqualTo(d.header(WebhookChannel.DELIVERY));
      assertThat(d.text()).doesNotContain(new String(SECRET, StandardCharsets.UTF_8));

      // What docs/console.md tells a receiver to run, with openssl, gives the same signature.
      Path body1 = dir.resolve("body.json");
      Files.write(body1, d.body());
      ProcessBuilder verify =
          new ProcessBuilder(
                  "sh",
                  "-c",
                  "{ printf '%s.' \"$TS\"; cat \"$BODY\"; } | openssl dgst -sha256 -hmac"
                      + " \"$SECRET\" | sed 's/^.* //'")
              .redirectErrorStream(true);
      verify.environment().put("TS", d.header(WebhookChannel.TIMESTAMP));
      verify.environment().put("BODY", body1.toString());
      verify.environment().put("SECRET", new String(SECRET, StandardCharsets.UTF_8));
      Process p = verify.start();
      String hex = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      assertThat(p.waitFor()).isZero();
      assertThat("sha256=" + hex).isEqualTo(d.header(WebhookChannel.SIGNATURE));
    }
  }

  @Test
  void aFailedTryIsTriedAgainWithTheSameIdAndAFreshSignature() throws Exception {
    try (WebhookReceiver receiver = new WebhookReceiver(SECRET);
        Notifier notifier = notifier(receiver.url(), 10, Duration.ofMinutes(1))) {
      receiver.answer(503);
      notifier.offer(pending("gpu1"));
      receiver.await(1);
      receiver.answer(200);
      List<WebhookReceiver.Delivery> tries = receiver.await(2);
      assertThat(tries).allMatch(WebhookReceiver.Delivery::signed);
      assertThat(tries.get(1).header(WebhookChannel.DELIVERY))
          .isEqualTo(tries.get(0).header(WebhookChannel.DELIVERY));
      Eventually.waitUntil("counted as delivered", () -> notifier.counts().get(0).delivered() == 1);
      assertThat(notifier.counts().get(0).failed()).isZero();
    }
  }

  @Test
  void offeringNeverWaitsOnDelivery() throws Exception {
    // A timeout far beyond the test's own steps: the held delivery is not given up on meanwhile.
    try (WebhookReceiver receiver = new WebhookReceiver(SECRET);
        Notifier notifier =
            new Notifier(
                List.of(
                    new WebhookChannel(
                        new NotifySettings.Webhook(
                            URI.create(receiver.url()), SECRET, Duration.ofMinutes(5)),
                        CONSOLE,
                        Clock.systemUTC())),
                10,
                Duration.ofMinutes(1),
                QUICK_RETRIES,
                Clock.systemUTC())) {
      receiver.hold();
      // No delivery can end while the receiver holds it: the offers return all the same. The guard
      // only turns an offer that waits on delivery (a hang) into a failure; it measures nothing.
      CompletableFuture.runAsync(
              () -> {
                for (int i = 0; i < 5; i++) {
                  notifier.offer(pending("gpu" + i));
                }
              })
          .get(60, TimeUnit.SECONDS);
      assertThat(receiver.await(1)).as("the first delivery, held").hasSize(1);
      assertThat(notifier.counts().get(0).delivered()).as("nothing delivered while held").isZero();
      receiver.release();
      Eventually.waitUntil(
          "all five delivered once the receiver answers",
          () -> notifier.counts().get(0).delivered() == 5);
      assertThat(receiver.deliveries())
          .extracting(d -> d.json().get("cluster").asText())
          .containsExactly("gpu0", "gpu1", "gpu2", "gpu3", "gpu4");
      assertThat(notifier.counts().get(0).failed()).isZero();
    }
  }

  @Test
  void aReceiverThatIsDownIsGivenUpOnAfterItsTries() throws Exception {
    int closed;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      closed = s.getLocalPort();
    }
    try (Notifier notifier =
        notifier("http://127.0.0.1:" + closed + "/hook?token=x", 10, Duration.ofMinutes(1))) {
      for (int i = 0; i < 5; i++) {
        notifier.offer(pending("gpu" + i));
      }
      Eventually.waitUntil(
          "each given up after its tries", () -> notifier.counts().get(0).failed() == 5);
      assertThat(notifier.counts().get(0).delivered()).isZero();
    }
  }

  @Test
  void aboveTheRateLimitNotificationsAreFoldedIntoOneDigest() throws Exception {
    // The window is the clock's: it ends when the test moves the clock, however slow the machine.
    // It starts at the wall clock's now: the receiver checks the signed timestamps against that.
    MovingClock clock = new MovingClock(Instant.now());
    try (WebhookReceiver receiver = new WebhookReceiver(SECRET);
        Notifier notifier = notifier(receiver.url(), 2, Duration.ofMinutes(1), clock)) {
      for (int i = 1; i <= 6; i++) {
        notifier.offer(pending("gpu" + i));
      }
      receiver.await(2);
      Eventually.waitUntil(
          "the four over the limit held for a digest", () -> notifier.counts().get(0).held() == 4);
      assertThat(receiver.deliveries()).as("nothing more within the window").hasSize(2);
      assertThat(notifier.counts().get(0).folded()).isZero();
      clock.advance(Duration.ofMinutes(1));
      // The window ended: the delivery after the first two is the digest of the other four (one
      // channel delivers in order, one at a time).
      List<WebhookReceiver.Delivery> all = receiver.await(3);
      assertThat(all).allMatch(WebhookReceiver.Delivery::signed);
      assertThat(all.get(0).json().get("cluster").asText()).isEqualTo("gpu1");
      assertThat(all.get(1).json().get("cluster").asText()).isEqualTo("gpu2");
      JsonNode digest = all.get(2).json();
      assertThat(digest.get("event").asText()).isEqualTo("digest");
      assertThat(all.get(2).header(WebhookChannel.EVENT)).isEqualTo("digest");
      assertThat(digest.get("count").asInt()).isEqualTo(4);
      assertThat(digest.get("omitted").asInt()).isZero();
      assertThat(digest.get("events").findValuesAsText("cluster"))
          .containsExactly("gpu3", "gpu4", "gpu5", "gpu6");
      // All six accounted for (two alone, four folded): nothing is left to come after the digest.
      Eventually.waitUntil(
          "the digest counted as delivered", () -> notifier.counts().get(0).delivered() == 3);
      Notifier.Counts counts = notifier.counts().get(0);
      assertThat(counts.folded()).isEqualTo(4);
      assertThat(counts.failed()).isZero();
      assertThat(counts.dropped()).isZero();
      assertThat(counts.held()).isZero();
      assertThat(receiver.deliveries()).hasSize(3);
    }
  }
}
