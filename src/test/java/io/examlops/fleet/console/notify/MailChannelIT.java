package io.examlops.fleet.console.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.testing.SmtpServer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mail channel against a real SMTP server (aiosmtpd): the message a mailbox receives (subject,
 * body, recipients), STARTTLS with the server's certificate checked and AUTH PLAIN, and what is
 * refused: a server that offers no STARTTLS, a certificate nobody trusts, a wrong password, a
 * header value with a line break.
 */
class MailChannelIT {
  static final String CONSOLE = "http://127.0.0.1:8080/";

  @TempDir Path dir;

  static NotifySettings.Mail plainTo(int port) {
    return new NotifySettings.Mail(
        "127.0.0.1",
        port,
        "hpc-fleet@example.org",
        List.of("ann@example.org", "ops@example.org"),
        false,
        null,
        null,
        Duration.ofSeconds(10));
  }

  static Notification decision(String cluster, String text) {
    return new Notification(
        Notification.DECISION,
        cluster,
        "ann",
        "console",
        Instant.parse("2026-03-01T10:00:00Z"),
        "cluster " + cluster + " approved by ann",
        text,
        FleetJson.mapper().valueToTree(Map.of("decision", "approved")),
        CONSOLE + "clusters/" + cluster);
  }

  private static MailChannel channel(NotifySettings.Mail settings, SSLSocketFactory tls) {
    return new MailChannel(settings, CONSOLE, Clock.systemUTC(), tls);
  }

  @Test
  void aNotificationArrivesAsPlainTextToEveryRecipient() throws Exception {
    Path maildir = Files.createDirectory(dir.resolve("mail"));
    try (SmtpServer smtp = SmtpServer.plain(maildir)) {
      channel(plainTo(smtp.port()), null)
          .deliver(
              List.of(
                  decision(
                      "gpu1",
                      "Cluster gpu1 was approved.\n.a line that starts with a dot\n.\nthe end")),
              0,
              "id-1");
      SmtpServer.Mail mail = smtp.await(1).get(0);
      assertThat(mail.header("Subject")).isEqualTo("[HPC Fleet] cluster gpu1 approved by ann");
      assertThat(mail.header("From")).isEqualTo("hpc-fleet@example.org");
      assertThat(mail.header("To")).isEqualTo("ann@example.org, ops@example.org");
      assertThat(mail.header("X-MailFrom")).isEqualTo("hpc-fleet@example.org");
      assertThat(mail.header("X-RcptTo")).isEqualTo("ann@example.org, ops@example.org");
      assertThat(mail.header("Content-Type")).isEqualTo("text/plain; charset=UTF-8");
      assertThat(mail.header("Message-ID")).isEqualTo("<id-1@example.org>");
      assertThat(mail.header("Auto-Submitted")).isEqualTo("auto-generated");
      assertThat(mail.body())
          .as("dot-stuffing undone by the server: the lines are as written")
          .startsWith(
              "Cluster gpu1 was approved.\n.a line that starts with a dot\n.\nthe end\n\n"
                  + CONSOLE
                  + "clusters/gpu1\n")
          .contains("HPC Fleet console " + CONSOLE);
    }
  }

  @Test
  void textBeyondAsciiIsSentAsBase64AndTheSubjectEncoded() throws Exception {
    Path maildir = Files.createDirectory(dir.resolve("mail"));
    try (SmtpServer smtp = SmtpServer.plain(maildir)) {
      Notification n = decision("gpu1", "Rejected by Zoë: « wrong account »");
      Notification named =
          new Notification(
              n.event(),
              n.cluster(),
              "zoë",
              n.surface(),
              n.at(),
              "cluster gpu1 rejected by zoë",
              n.text(),
              n.details(),
              n.link());
      channel(plainTo(smtp.port()), null).deliver(List.of(named), 0, "id-2");
      SmtpServer.Mail mail = smtp.await(1).get(0);
      assertThat(mail.header("Subject")).startsWith("=?UTF-8?B?");
      String subject =
          new String(
              Base64.getDecoder()
                  .decode(mail.header("Subject").replace("=?UTF-8?B?", "").replace("?=", "")),
              StandardCharsets.UTF_8);
      assertThat(subject).isEqualTo("[HPC Fleet] cluster gpu1 rejected by zoë");
      assertThat(mail.header("Content-Transfer-Encoding")).isEqualTo("base64");
      String body =
          new String(Base64.getMimeDecoder().decode(mail.body().strip()), StandardCharsets.UTF_8);
      assertThat(body).startsWith("Rejected by Zoë: « wrong account »");
    }
  }

  @Test
  void aDigestListsWhatTheRateLimitHeld() throws Exception {
    Path maildir = Files.createDirectory(dir.resolve("mail"));
    try (SmtpServer smtp = SmtpServer.plain(maildir)) {
      channel(plainTo(smtp.port()), null)
          .deliver(List.of(decision("a", "x"), decision("b", "y")), 3, "id-3");
      SmtpServer.Mail mail = smtp.await(1).get(0);
      assertThat(mail.header("Subject"))
          .isEqualTo("[HPC Fleet] 5 notifications (rate limit reached)");
      assertThat(mail.body())
          .contains("cluster a approved by ann", "cluster b approved by ann", "and 3 more");
    }
  }

  @Test
  void startTlsWithTheCertificateCheckedAndAuthPlain() throws Exception {
    SmtpServer.certificate(dir);
    Path maildir = Files.createDirectory(dir.resolve("mail"));
    String password = "smtp password 1";
    try (SmtpServer smtp =
        SmtpServer.startTlsWithAuth(
            maildir, dir.resolve("cert.pem"), dir.resolve("key.pem"), "fleet", password)) {
      NotifySettings.Mail tls =
          new NotifySettings.Mail(
              "127.0.0.1",
              smtp.port(),
              "hpc-fleet@example.org",
              List.of("ann@example.org"),
              true,
              "fleet",
              password.toCharArray(),
              Duration.ofSeconds(10));
      channel(tls, trusting(dir.resolve("cert.pem")))
          .deliver(List.of(decision("gpu1", "approved")), 0, "id-4");
      SmtpServer.Mail mail = smtp.await(1).get(0);
      assertThat(mail.header("X-Authenticated-As")).isEqualTo("fleet");
      assertThat(mail.header("Subject")).isEqualTo("[HPC Fleet] cluster gpu1 approved by ann");
      assertThat(mail.header("X-RcptTo")).isEqualTo("ann@example.org");

      // A certificate this JVM does not trust: nothing is said past STARTTLS.
      assertThatThrownBy(
              () ->
                  channel(tls, (SSLSocketFactory) SSLSocketFactory.getDefault())
                      .deliver(List.of(decision("gpu2", "x")), 0, "id-5"))
          .isInstanceOf(Channel.DeliveryException.class)
          .hasMessageContaining("STARTTLS failed");
      // A wrong password: refused by the server, and not in the words.
      NotifySettings.Mail wrong =
          new NotifySettings.Mail(
              tls.host(),
              tls.port(),
              tls.from(),
              tls.to(),
              true,
              "fleet",
              "not the password".toCharArray(),
              tls.timeout());
      assertThatThrownBy(
              () ->
                  channel(wrong, trusting(dir.resolve("cert.pem")))
                      .deliver(List.of(decision("gpu3", "x")), 0, "id-6"))
          .isInstanceOf(Channel.DeliveryException.class)
          .hasMessageContaining("AUTH PLAIN as fleet")
          .hasMessageContaining("535")
          .hasMessageNotContaining("not the password")
          .hasMessageNotContaining(
              Base64.getEncoder()
                  .encodeToString("\0fleet\0not the password".getBytes(StandardCharsets.UTF_8)));
      assertThat(smtp.messages()).hasSize(1);
    }
  }

  @Test
  void aServerWithoutStartTlsIsRefusedWhenTlsIsRequired() throws Exception {
    Path maildir = Files.createDirectory(dir.resolve("mail"));
    try (SmtpServer smtp = SmtpServer.plain(maildir)) {
      NotifySettings.Mail tls =
          new NotifySettings.Mail(
              "127.0.0.1",
              smtp.port(),
              "a@example.org",
              List.of("b@example.org"),
              true,
              null,
              null,
              Duration.ofSeconds(10));
      assertThatThrownBy(
              () -> channel(tls, null).deliver(List.of(decision("gpu1", "x")), 0, "id-7"))
          .isInstanceOf(Channel.DeliveryException.class)
          .hasMessageContaining("offers no STARTTLS");
      assertThat(smtp.messages()).isEmpty();
    }
  }

  @Test
  void aHeaderValueWithALineBreakIsRefused() {
    StringBuilder m = new StringBuilder();
    assertThatThrownBy(() -> MailChannel.header(m, "Subject", "hi\r\nBcc: eve@example.org"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("line break");
    assertThatThrownBy(() -> MailChannel.encoded("é\nBcc: eve@example.org"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(m).isEmpty();
    MailChannel channel = channel(plainTo(25), null);
    assertThatThrownBy(
            () ->
                channel.deliver(
                    List.of(
                        new Notification(
                            "decision",
                            "x",
                            "a",
                            "b",
                            Instant.EPOCH,
                            "title\r\nBcc: eve@example.org",
                            "t",
                            null,
                            null)),
                    0,
                    "id-8"))
        .isInstanceOf(Channel.DeliveryException.class)
        .hasMessageContaining("not sent");
  }

  @Test
  void dotStuffingAndLineEnds() {
    assertThat(new String(SmtpClient.dotStuffed("a\n.b\r\n..c\rd\n"), StandardCharsets.UTF_8))
        .isEqualTo("a\r\n..b\r\n...c\r\nd\r\n.\r\n");
  }

  /** Sockets that trust {@code cert} (PEM) alone. */
  static SSLSocketFactory trusting(Path cert) throws Exception {
    KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
    store.load(null, null);
    try (InputStream in = Files.newInputStream(cert)) {
      store.setCertificateEntry(
          "smtp", CertificateFactory.getInstance("X.509").generateCertificate(in));
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, tmf.getTrustManagers(), null);
    return context.getSocketFactory();
  }
}
