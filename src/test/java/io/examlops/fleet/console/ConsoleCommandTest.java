package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real {@code exa console} in a process of its own: start, first admin, stop, users. */
class ConsoleCommandTest {
  @TempDir Path dir;

  private Map<String, String> env() {
    return ConsoleFixture.storesIn(dir, "root");
  }

  @Test
  void startsSaysWhereCreatesTheFirstAdminAndStopsOnInterrupt() throws Exception {
    Process console = ConsoleFixture.startConsole(env(), "--port", "0");
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
      String created = out.readLine();
      String listening = out.readLine();
      Path file = dir.resolve("initialAdminPassword");
      assertThat(created).contains("Created user admin").contains(file.toString());
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");
      Matcher m = Pattern.compile("listening on http://127\\.0\\.0\\.1:(\\d+)/").matcher(listening);
      assertThat(m.find()).as(listening).isTrue();
      HttpResponse<String> health =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + m.group(1) + "/healthz"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(health.body()).isEqualTo("ok");
      // Ctrl-C is SIGINT to the process.
      new ProcessBuilder("kill", "-INT", Long.toString(console.pid())).start().waitFor();
      assertThat(console.waitFor(20, TimeUnit.SECONDS)).as("stops on Ctrl-C").isTrue();
    } finally {
      console.destroyForcibly();
    }
    ExaRun again = ExaRun.process(env(), List.of("console", "user", "list"));
    assertThat(again.out()).contains("admin\tadmin");
  }

  /**
   * An unknown user is a not-found error (exit 6, as the exit-code table says for what is not
   * there) for every subcommand that names one, said before any password is asked for.
   */
  @Test
  void anUnknownUserIsNotFoundForEverySubcommand() throws Exception {
    Path secret = dir.resolve("pw");
    Files.writeString(secret, "a long password for bob\n");
    ExaRun added =
        ExaRun.process(
            env(), List.of("console", "user", "add", "bob", "--password-file", secret.toString()));
    assertThat(added.exitCode()).as(added.err()).isZero();

    for (List<String> args :
        List.of(
            List.of("console", "user", "passwd", "ghost"),
            List.of("console", "user", "passwd", "ghost", "--password-file", secret.toString()),
            List.of("console", "user", "remove", "ghost"),
            List.of("console", "user", "role", "ghost", "admin"))) {
      ExaRun unknown = ExaRun.process(env(), args);

      assertThat(unknown.exitCode()).as(args + ": " + unknown.err()).isEqualTo(6);
      assertThat(unknown.err())
          .as(args.toString())
          .contains("no user is named 'ghost'; the users are: bob");
    }
    ExaRun json = ExaRun.process(env(), List.of("--json", "console", "user", "remove", "ghost"));
    assertThat(json.out().replace(" ", ""))
        .contains("\"kind\":\"unknown-user\"")
        .contains("\"exitCode\":6");
  }

  @Test
  void usersAreManagedWithPasswordsFromAFileNeverTheCommandLine() throws Exception {
    Path secret = dir.resolve("pw");
    Files.writeString(secret, "a long password for bob\n");
    ExaRun added =
        ExaRun.process(
            env(),
            List.of(
                "console",
                "user",
                "add",
                "bob",
                "--role",
                "viewer",
                "--password-file",
                secret.toString()));
    assertThat(added.exitCode()).as(added.err()).isZero();
    assertThat(added.out()).contains("Added bob (viewer)");
    ExaRun refused =
        ExaRun.process(
            env(), List.of("console", "user", "add", "bob", "--password-file", secret.toString()));
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err()).contains("user 'bob' exists already");
    ExaRun noPassword = ExaRun.process(env(), List.of("console", "user", "add", "eve"));
    assertThat(noPassword.exitCode()).isEqualTo(2);
    assertThat(noPassword.err()).contains("no password given");
    ExaRun unknown = ExaRun.process(env(), List.of("console", "user", "remove", "zed"));
    assertThat(unknown.err()).contains("no user is named 'zed'; the users are: bob");
    ExaRun badRole =
        ExaRun.process(
            env(),
            List.of(
                "console",
                "user",
                "add",
                "carl",
                "--role",
                "root",
                "--password-file",
                secret.toString()));
    assertThat(badRole.exitCode()).isEqualTo(2);
    assertThat(badRole.err()).contains("use admin or viewer");
    assertThat(ExaRun.process(env(), List.of("console", "user", "list")).out())
        .contains("bob\tviewer")
        .doesNotContain("eve")
        .doesNotContain("carl");
  }

  @Test
  void aBadPortIsAUsageError() throws Exception {
    ExaRun run = ExaRun.process(env(), List.of("console", "--port", "70000"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--port 70000 is not a TCP port");
    ExaRun fast = ExaRun.process(env(), List.of("console", "--refresh-interval", "1"));
    assertThat(fast.exitCode()).isEqualTo(2);
    assertThat(fast.err()).contains("at least 10");
  }

  @Test
  void aPortInUseIsOneLineThatSaysWhatToDo() throws Exception {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      ExaRun run =
          ExaRun.process(env(), List.of("console", "--port", String.valueOf(taken.getLocalPort())));
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .contains("cannot listen on 127.0.0.1:" + taken.getLocalPort())
          .contains("choose another --port or --bind")
          .doesNotContain("ERROR")
          .doesNotContain("Exception");
    }
  }

  @Test
  void withAKeystoreItServesHttpsOnlyWithSecureCookiesAndThePasswordFromTheEnvironment()
      throws Exception {
    Path keystore = dir.resolve("console.p12");
    String password = "keystore secret 42";
    ProcessBuilder keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-keystore",
                keystore.toString(),
                "-storetype",
                "PKCS12",
                "-storepass:env",
                "KS",
                "-alias",
                "console",
                "-keyalg",
                "EC",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "san=ip:127.0.0.1",
                "-validity",
                "2")
            .redirectErrorStream(true);
    keytool.environment().put("KS", password);
    Process made = keytool.start();
    assertThat(made.waitFor()).as(new String(made.getInputStream().readAllBytes())).isZero();

    Map<String, String> withPassword = new java.util.HashMap<>(env());
    withPassword.put(ConsoleCommand.KEYSTORE_PASSWORD, password);
    Process console =
        ConsoleFixture.startConsole(
            withPassword, "--port", "0", "--tls-keystore", keystore.toString());
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
      out.readLine();
      String listening = out.readLine();
      Matcher m =
          Pattern.compile("listening on https://127\\.0\\.0\\.1:(\\d+)/").matcher(listening);
      assertThat(m.find()).as(listening).isTrue();
      java.security.KeyStore trusted =
          java.security.KeyStore.getInstance(keystore.toFile(), password.toCharArray());
      javax.net.ssl.TrustManagerFactory trust =
          javax.net.ssl.TrustManagerFactory.getInstance(
              javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      javax.net.ssl.SSLContext tls = javax.net.ssl.SSLContext.getInstance("TLS");
      tls.init(null, trust.getTrustManagers(), null);
      HttpClient https = HttpClient.newBuilder().sslContext(tls).build();
      String base = "https://127.0.0.1:" + m.group(1);
      assertThat(
              https
                  .send(
                      HttpRequest.newBuilder(URI.create(base + "/healthz")).build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body())
          .isEqualTo("ok");
      String admin = Files.readString(dir.resolve("initialAdminPassword")).strip();
      HttpResponse<String> login = ConsoleFixture.signIn(https, base, "admin", admin);
      assertThat(login.statusCode()).isEqualTo(303);
      assertThat(login.headers().firstValue("Set-Cookie").orElseThrow())
          .as("cookies are Secure over TLS")
          .contains("Secure")
          .contains("HttpOnly");
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () ->
                  HttpClient.newHttpClient()
                      .send(
                          HttpRequest.newBuilder(
                                  URI.create("http://127.0.0.1:" + m.group(1) + "/healthz"))
                              .build(),
                          HttpResponse.BodyHandlers.ofString())
                      .body())
          .as("no plain HTTP beside it")
          .isInstanceOf(java.io.IOException.class);
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(console.pid())).start().waitFor();
      if (!console.waitFor(20, TimeUnit.SECONDS)) {
        console.destroyForcibly();
      }
    }

    ExaRun noPassword =
        ExaRun.process(env(), List.of("console", "--tls-keystore", keystore.toString()));
    assertThat(noPassword.exitCode()).isEqualTo(2);
    assertThat(noPassword.err()).contains(ConsoleCommand.KEYSTORE_PASSWORD);
    Map<String, String> wrong = new java.util.HashMap<>(env());
    wrong.put(ConsoleCommand.KEYSTORE_PASSWORD, "not it at all");
    ExaRun refused =
        ExaRun.process(wrong, List.of("console", "--tls-keystore", keystore.toString()));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .contains("--tls-keystore " + keystore + " cannot be used")
        .doesNotContain("not it at all");
  }

  @Test
  void notificationSettingsAreCheckedAtStartAndTheSecretComesFromTheEnvironment() throws Exception {
    Path settings = dir.resolve("notify.yaml");
    Files.writeString(settings, "webhook:\n  url: http://hooks.example.org/x\n");
    Map<String, String> withSecret = new java.util.HashMap<>(env());
    String secret = "a secret only the environment holds";
    withSecret.put(io.examlops.fleet.settings.Variables.NOTIFY_WEBHOOK_SECRET, secret);
    ExaRun refused =
        ExaRun.process(withSecret, List.of("console", "--notify", settings.toString()));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .contains("--notify " + settings + ", key webhook.url: uses plain http")
        .contains("use https")
        .doesNotContain(secret);
    ExaRun noSecret = ExaRun.process(env(), List.of("console", "--notify", settings.toString()));
    assertThat(noSecret.exitCode()).isEqualTo(2);

    try (io.examlops.fleet.testing.WebhookReceiver hook =
        new io.examlops.fleet.testing.WebhookReceiver(secret.getBytes(StandardCharsets.UTF_8))) {
      Files.writeString(settings, "webhook:\n  url: " + hook.url() + "\n");
      Process console =
          ConsoleFixture.startConsole(withSecret, "--port", "0", "--notify", settings.toString());
      try {
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
        String line;
        do {
          line = out.readLine();
        } while (line != null && !line.contains("listening on"));
        assertThat(line).as("the console started").isNotNull();
        ExaRun connect =
            ExaRun.process(
                env(), List.of("hpc", "connect", "local", "--name", "gpu1", "--scheduler", "mock"));
        assertThat(connect.exitCode()).as(connect.err()).isZero();
        io.examlops.fleet.testing.WebhookReceiver.Delivery d = hook.await(1).get(0);
        assertThat(d.signed()).isTrue();
        assertThat(d.json().get("event").asText()).isEqualTo("cluster-pending");
        assertThat(d.json().get("console").asText()).startsWith("http://127.0.0.1:");
      } finally {
        new ProcessBuilder("kill", "-INT", Long.toString(console.pid())).start().waitFor();
        if (!console.waitFor(20, TimeUnit.SECONDS)) {
          console.destroyForcibly();
        }
      }
      String said = new String(console.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(said).doesNotContain(secret).doesNotContain("s3cr3t-in-url");
    }
  }
}
