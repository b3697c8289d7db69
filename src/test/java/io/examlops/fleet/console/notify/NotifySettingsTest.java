package io.examlops.fleet.console.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings file of exa console --notify: what it takes, and each refusal's words. */
class NotifySettingsTest {
  static final String SECRET = "0123456789abcdef0123456789abcdef";

  @TempDir Path dir;

  private Path file(String yaml) throws Exception {
    Path f = dir.resolve("notify.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  private Path secretFile(String content) throws Exception {
    Path f = dir.resolve("hook.secret");
    Files.writeString(f, content);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
    return f;
  }

  @Test
  void everyKeyIsRead() throws Exception {
    Path secret = secretFile(SECRET + "\n");
    Path password = dir.resolve("smtp.password");
    Files.writeString(password, "mail password\n");
    Files.setPosixFilePermissions(password, PosixFilePermissions.fromString("rw-------"));
    NotifySettings s =
        NotifySettings.load(
            file(
                """
                console_url: https://fleet.example.org/
                refresh_failures: 4
                rate_limit: 20
                webhook:
                  url: https://hooks.example.org/hpc-fleet?token=abc
                  secret_file: %s
                  timeout: 5
                mail:
                  host: smtp.example.org
                  port: 2525
                  from: hpc-fleet@example.org
                  to: [ann@example.org, ops@example.org]
                  user: fleet
                  password_file: smtp.password
                  timeout: 20
                """
                    .formatted(secret)),
            Map.of());
    assertThat(s.consoleUrl()).hasToString("https://fleet.example.org/");
    assertThat(s.refreshFailures()).isEqualTo(4);
    assertThat(s.perMinute()).isEqualTo(20);
    assertThat(s.webhook().secret())
        .as("the line end an editor leaves is not part of the secret")
        .isEqualTo(SECRET.getBytes(StandardCharsets.UTF_8));
    assertThat(s.webhook().timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(s.webhook().origin()).isEqualTo("https://hooks.example.org:443");
    assertThat(s.mail().to()).containsExactly("ann@example.org", "ops@example.org");
    assertThat(s.mail().starttls()).isTrue();
    assertThat(s.mail().port()).isEqualTo(2525);
    assertThat(s.mail().password())
        .as("a relative password_file is beside the settings file")
        .isEqualTo("mail password".toCharArray());
    assertThat(s.warnings()).isEmpty();
    assertThat(s.toString())
        .doesNotContain(SECRET)
        .doesNotContain("mail password")
        .doesNotContain("token=abc")
        .contains("secret hidden", "password hidden");
  }

  @Test
  void defaultsAndSecretsFromTheEnvironment() throws Exception {
    NotifySettings s =
        NotifySettings.load(
            file(
                """
                webhook:
                  url: http://127.0.0.1:9000/hook
                mail:
                  host: localhost
                  from: fleet@example.org
                  to: ann@example.org
                  starttls: false
                """),
            Map.of(NotifySettings.WEBHOOK_SECRET, SECRET));
    assertThat(s.refreshFailures()).isEqualTo(NotifySettings.DEFAULT_FAILURES);
    assertThat(s.perMinute()).isEqualTo(NotifySettings.DEFAULT_PER_MINUTE);
    assertThat(s.consoleUrl()).isNull();
    assertThat(s.webhook().secret()).isEqualTo(SECRET.getBytes(StandardCharsets.UTF_8));
    assertThat(s.mail().port()).isEqualTo(587);
    assertThat(s.mail().user()).isNull();
    assertThat(s.mail().starttls()).isFalse();
  }

  @Test
  void aSecretFileOthersMayReadIsWarnedOf() throws Exception {
    Path secret = secretFile(SECRET);
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
    NotifySettings s =
        NotifySettings.load(
            file("webhook: {url: 'https://h.example.org/x', secret_file: '" + secret + "'}"),
            Map.of());
    assertThat(s.warnings()).singleElement().asString().contains("chmod 600 " + secret);
  }

  @Test
  void refusalsNameTheFileTheKeyAndTheFix() throws Exception {
    Path secret = secretFile(SECRET);
    Map<String, String> env = Map.of(NotifySettings.WEBHOOK_SECRET, SECRET);
    record Case(String yaml, Map<String, String> env, String... words) {}
    List<Case> cases =
        List.of(
            new Case("", env, "is empty", "webhook:"),
            new Case("rate_limit: 5", env, "names no channel"),
            new Case(
                "webhok: {url: 'https://h/x'}", env, "key webhok", "not a known key", "webhook"),
            new Case(
                "webhook: {url: 'http://hooks.example.org/x'}",
                env,
                "key webhook.url",
                "plain http",
                "use https"),
            new Case(
                "webhook: {url: 'ftp://h.example.org/x'}", env, "key webhook.url", "not https"),
            new Case(
                "webhook: {url: 'https://user:pw@h.example.org/x'}",
                env,
                "key webhook.url",
                "user name or password"),
            new Case(
                "webhook: {url: 'https://h.example.org/x'}",
                Map.of(),
                "key webhook.secret_file",
                NotifySettings.WEBHOOK_SECRET,
                "never read from this file"),
            new Case(
                "webhook: {url: 'https://h.example.org/x'}",
                Map.of(NotifySettings.WEBHOOK_SECRET, "short"),
                "has 5 bytes",
                "at least 16",
                "openssl rand"),
            new Case(
                "webhook: {url: 'https://h.example.org/x', secret_file: '/nonexistent/s'}",
                env,
                "key webhook.secret_file",
                "/nonexistent/s does not exist"),
            new Case(
                "webhook: {url: 'https://h.example.org/x', secret_file: '"
                    + secret
                    + "', timeout: 0}",
                env,
                "key webhook.timeout",
                "from 1 to 120"),
            new Case("refresh_failures: 0\nwebhook: {url: 'https://h/x'}", env, "refresh_failures"),
            new Case(
                "mail: {host: smtp.example.org, from: a@example.org, to: b@example.org,"
                    + " starttls: false}",
                env,
                "key mail.starttls",
                "over STARTTLS only"),
            new Case(
                "mail: {host: smtp.example.org, from: 'Fleet <a@example.org>', to: b@example.org}",
                env,
                "key mail.from",
                "not a plain mail address"),
            new Case(
                "mail: {host: smtp.example.org, from: a@example.org, to: \"b@example.org\\r\\nBcc:"
                    + " c@example.org\"}",
                env,
                "key mail.to",
                "line break"),
            new Case(
                "mail: {host: smtp.example.org, from: a@example.org, to: []}",
                env,
                "key mail.to",
                "empty list"),
            new Case(
                "mail: {host: smtp.example.org, from: a@example.org, to: b@example.org, user: u}",
                env,
                "key mail.password_file",
                NotifySettings.SMTP_PASSWORD),
            new Case(
                "mail: {host: smtp.example.org, to: b@example.org}",
                env,
                "key mail.from",
                "missing"),
            new Case("webhook: [1, 2", env, "is not YAML"));
    for (Case c : cases) {
      Path f = file(c.yaml());
      assertThatThrownBy(() -> NotifySettings.load(f, c.env()))
          .as(c.yaml())
          .isInstanceOf(NotifySettings.Invalid.class)
          .hasMessageStartingWith(f.toString())
          .hasMessageContainingAll(c.words())
          .hasMessageNotContaining(SECRET);
    }
    assertThatThrownBy(() -> NotifySettings.load(dir.resolve("absent.yaml"), env))
        .hasMessageContaining("absent.yaml does not exist");
  }

  @Test
  void loopbackIsToldWithoutDns() {
    assertThat(NotifySettings.isLoopback("localhost")).isTrue();
    assertThat(NotifySettings.isLoopback("127.0.0.1")).isTrue();
    assertThat(NotifySettings.isLoopback("127.1.2.3")).isTrue();
    assertThat(NotifySettings.isLoopback("[::1]")).isTrue();
    assertThat(NotifySettings.isLoopback("::1")).isTrue();
    assertThat(NotifySettings.isLoopback("127.0.0.1.example.org")).isFalse();
    assertThat(NotifySettings.isLoopback("localhost.example.org")).isFalse();
    assertThat(NotifySettings.isLoopback("10.0.0.1")).isFalse();
  }
}
