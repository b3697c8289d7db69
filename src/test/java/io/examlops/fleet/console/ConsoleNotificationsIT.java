package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.cli.Exa;
import io.examlops.fleet.console.notify.NotifySettings;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JavaCommand;
import io.examlops.fleet.testing.SmtpServer;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.testing.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real console with notifications on, end to end: a cluster registered by {@code exa hpc connect}
 * in another process, a decision made in the console and one made beside it, a cluster whose
 * refresh keeps failing; each arrives at a real webhook receiver (which checks the signature
 * itself) and in a real SMTP server's mailbox. A receiver that hangs or is down holds up no
 * decision.
 */
class ConsoleNotificationsIT {
  static final String SECRET = "the webhook secret of this test";
  static final String FLEET = "/api/v1/facility/fleet";

  @TempDir Path dir;
  private final HttpClient http = HttpClient.newHttpClient();

  private NotifySettings settings(String webhookUrl, int smtpPort, int failures) throws Exception {
    Path secret = dir.resolve("hook.secret");
    Files.writeString(secret, SECRET + "\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    Path file = dir.resolve("notify.yaml");
    Files.writeString(
        file,
        """
        console_url: https://fleet.example.org/
        refresh_failures: %d
        webhook:
          url: %s
          secret_file: hook.secret
          timeout: 30
        mail:
          host: 127.0.0.1
          port: %d
          starttls: false
          from: hpc-fleet@example.org
          to: [hpc-admins@example.org]
        """
            .formatted(failures, webhookUrl, smtpPort));
    return NotifySettings.load(file, Map.of());
  }

  @Test
  void pendingDecisionsAndFailingRefreshesReachTheWebhookAndTheMailbox() throws Exception {
    Path stores = Files.createDirectory(dir.resolve("stores"));
    try (WebhookReceiver hook = new WebhookReceiver(SECRET.getBytes(StandardCharsets.UTF_8));
        SmtpServer smtp = SmtpServer.plain(dir.resolve("mail"));
        ConsoleFixture console =
            new ConsoleFixture(stores, settings(hook.url(), smtp.port(), 2), "old")) {
      // What was recorded before the console started (cluster old) is not told: the first
      // delivery is gpu1's, and at the end none names old.

      // exa hpc connect, in a process of its own, as bob.
      Map<String, String> bob = ConsoleFixture.storesIn(stores, "bob");
      ProcessBuilder connect =
          new ProcessBuilder(
                  JavaCommand.of(
                      Exa.class,
                      List.of(),
                      List.of("hpc", "connect", "local", "--name", "gpu1", "--scheduler", "mock")))
              .redirectErrorStream(true);
      connect.environment().clear();
      connect.environment().putAll(bob);
      Process p = connect.start();
      String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor()).as(said).isZero();

      WebhookReceiver.Delivery pending = hook.await(1).get(0);
      assertThat(pending.json().get("cluster").asText())
          .as("the first delivery is the new cluster's")
          .isEqualTo("gpu1");
      assertThat(pending.signed()).isTrue();
      JsonNode body = pending.json();
      assertThat(body.get("event").asText()).isEqualTo("cluster-pending");
      assertThat(body.get("cluster").asText()).isEqualTo("gpu1");
      assertThat(body.get("actor").asText()).isEqualTo("bob");
      assertThat(body.get("surface").asText()).isEqualTo("cli");
      assertThat(body.get("details").get("state").asText()).isEqualTo("PENDING");
      assertThat(body.get("details").get("definition").get("scheduler").asText()).isEqualTo("mock");
      assertThat(body.get("link").asText()).isEqualTo("https://fleet.example.org/review");
      SmtpServer.Mail mail = smtp.await(1).get(0);
      assertThat(mail.header("Subject")).isEqualTo("[HPC Fleet] cluster gpu1 waits for approval");
      assertThat(mail.header("X-RcptTo")).isEqualTo("hpc-admins@example.org");
      assertThat(mail.body())
          .contains("Cluster gpu1 was registered by bob (cli)", "https://fleet.example.org/review");

      // Approved in the console, by ann with her token.
      String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN);
      assertThat(post(console.base + FLEET + "/gpu1/approve", token).statusCode()).isEqualTo(200);
      JsonNode approved = hook.await(2).get(1).json();
      assertThat(approved.get("event").asText()).isEqualTo("decision");
      assertThat(approved.get("details").get("decision").asText()).isEqualTo("approved");
      assertThat(approved.get("actor").asText()).isEqualTo("ann");
      assertThat(approved.get("details").get("previousState").asText()).isEqualTo("PENDING");
      assertThat(approved.get("link").asText())
          .isEqualTo("https://fleet.example.org/clusters/gpu1");
      assertThat(smtp.await(2).get(1).header("Subject"))
          .isEqualTo("[HPC Fleet] cluster gpu1 approved by ann");

      // Revoked beside the console (another Fleet on the same stores, another thread).
      Fleet cli = TestFleets.fleet(bob);
      CompletableFuture.runAsync(
              () ->
                  cli.governance()
                      .reject(
                          new io.examlops.fleet.model.Actor("bob", "cli"),
                          new RejectRequest("gpu1", "moved to another account")))
          .get();
      JsonNode revoked = hook.await(3).get(2).json();
      assertThat(revoked.get("details").get("decision").asText()).isEqualTo("revoked");
      assertThat(revoked.get("details").get("reason").asText())
          .isEqualTo("moved to another account");
      SmtpServer.Mail revokedMail = smtp.await(3).get(2);
      assertThat(revokedMail.header("Subject"))
          .isEqualTo("[HPC Fleet] cluster gpu1 revoked by bob");
      assertThat(revokedMail.body()).contains("Reason: moved to another account");

      // A cluster whose refresh fails: told once, when it failed twice in a row.
      ConsoleFixture.approveUnreachableSlurm(stores, bob, cli, "far");
      assertThat(hook.await(4).get(3).json().get("details").get("decision").asText())
          .isEqualTo("approved");
      Eventually.waitUntil(
          "the first refresh of far failed",
          () -> console.server.refresher.status("far").failures() == 1);
      console.server.refresher.refreshSoon("far");
      // One failure is not told: the delivery after far's approval is the one for two failures.
      WebhookReceiver.Delivery failing = hook.await(5).get(4);
      assertThat(failing.signed()).isTrue();
      JsonNode f = failing.json();
      assertThat(f.get("event").asText()).isEqualTo("refresh-failing");
      assertThat(f.get("cluster").asText()).isEqualTo("far");
      assertThat(f.get("details").get("failures").asInt()).isEqualTo(2);
      assertThat(f.get("details").get("lastFailure").asText()).contains("127.0.0.1");
      SmtpServer.Mail failingMail = smtp.await(5).get(4);
      assertThat(failingMail.header("Subject"))
          .isEqualTo("[HPC Fleet] refresh of cluster far failed 2 times in a row");
      assertThat(failingMail.body()).contains("https://fleet.example.org/clusters/far");
      console.server.refresher.refreshSoon("far");
      Eventually.waitUntil(
          "the third refresh of far failed",
          () -> console.server.refresher.status("far").failures() == 3);
      // Once per streak: a decision made after the third failure is the next delivery on each
      // channel (each delivers in order), and no other refresh-failing of far came before it.
      CompletableFuture.runAsync(
              () ->
                  cli.governance()
                      .reject(
                          new io.examlops.fleet.model.Actor("bob", "cli"),
                          new RejectRequest("far", "marker after the third failure")))
          .get();
      List<WebhookReceiver.Delivery> all = hook.await(6);
      JsonNode marker = all.get(5).json();
      assertThat(marker.get("event").asText()).isEqualTo("decision");
      assertThat(marker.get("cluster").asText()).isEqualTo("far");
      assertThat(marker.get("details").get("decision").asText()).isEqualTo("revoked");
      assertThat(all)
          .as("once per streak")
          .filteredOn(d -> d.json().path("event").asText().equals("refresh-failing"))
          .hasSize(1);
      assertThat(all).allMatch(WebhookReceiver.Delivery::signed);
      assertThat(all)
          .as("what was recorded before the console started is not told")
          .noneMatch(d -> d.json().path("cluster").asText().equals("old"));
      String markerSubject = "[HPC Fleet] cluster far revoked by bob";
      Eventually.waitUntil(
          "the mail of the decision after the third failure",
          () -> smtp.messages().stream().anyMatch(m -> markerSubject.equals(m.header("Subject"))));
      List<SmtpServer.Mail> mails = smtp.messages();
      assertThat(mails).hasSize(6);
      assertThat(mails)
          .as("once per streak")
          .filteredOn(m -> m.header("Subject").startsWith("[HPC Fleet] refresh of cluster far"))
          .hasSize(1);
      assertThat(mails)
          .as("what was recorded before the console started is not told")
          .noneMatch(m -> m.header("Subject").contains("cluster old "));
    }
  }

  @Test
  void aWebhookThatHangsAndAMailServerThatIsDownHoldUpNoDecision() throws Exception {
    Path stores = Files.createDirectory(dir.resolve("stores"));
    int down;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      down = s.getLocalPort();
    }
    try (WebhookReceiver hook = new WebhookReceiver(SECRET.getBytes(StandardCharsets.UTF_8));
        ConsoleFixture console =
            new ConsoleFixture(stores, settings(hook.url(), down, 3), "alpha", "beta")) {
      String token = console.token(ConsoleFixture.ADMIN, TokenScope.ADMIN);
      hook.hold();
      // Each answer arrives while the webhook holds what it was sent (and the mail server is
      // down): the hook is released only after. The guard turns a decision that waits on a
      // notification (a hang) into a failure; it measures nothing.
      assertThat(answer(console.base + FLEET + "/alpha/approve", token).statusCode())
          .isEqualTo(200);
      // The first notification now hangs in the receiver; the next decision does not wait on it.
      assertThat(hook.await(1).get(0).json().get("cluster").asText()).isEqualTo("alpha");
      assertThat(answer(console.base + FLEET + "/beta/approve", token).statusCode()).isEqualTo(200);
      assertThat(console.state("alpha")).isEqualTo(ClusterState.ACTIVE);
      assertThat(console.state("beta")).isEqualTo(ClusterState.ACTIVE);
      hook.release();
      Eventually.waitUntil(
          "both decisions told once the webhook answers",
          () ->
              hook.deliveries().stream()
                      .map(d -> d.json().get("cluster").asText())
                      .distinct()
                      .count()
                  == 2);
    }
  }

  /** The console's answer to a POST, failing (not hanging) if none comes within a minute. */
  private HttpResponse<String> answer(String url, String token) throws Exception {
    return CompletableFuture.supplyAsync(
            () -> {
              try {
                return post(url, token);
              } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
              }
            })
        .get(60, TimeUnit.SECONDS);
  }

  private HttpResponse<String> post(String url, String token) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Authorization", "Bearer " + token)
            .POST(HttpRequest.BodyPublishers.noBody())
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
