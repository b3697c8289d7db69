package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.FleetException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster's HTTP API over real TLS (a JDK HTTPS server with a self-signed certificate made by
 * keytool): the pinned certificate is the only one accepted, whoever signed it; without a pin one
 * no trusted authority signed is refused, naming the one presented so that it can be pinned.
 */
class HttpApiTest {
  @TempDir static Path dir;
  static HttpsServer server;
  static String presented;
  static Path token;

  @BeforeAll
  static void anHttpsServerWithASelfSignedCertificate() throws Exception {
    Path store = dir.resolve("server.p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "api",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "san=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-keypass",
                "changeit")
            .redirectErrorStream(true)
            .start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).as(said).isZero();
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, "changeit".toCharArray());
    }
    presented = KeyFingerprint.ofBytes(keys.getCertificate("api").getEncoded());
    KeyManagerFactory managers = KeyManagerFactory.getInstance("PKIX");
    managers.init(keys, "changeit".toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(managers.getKeyManagers(), null, null);
    server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    server.createContext(
        "/",
        exchange -> {
          byte[] body =
              ("{\"user\":\"" + exchange.getRequestHeaders().getFirst("X-Test-User") + "\"}")
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
    token = dir.resolve("token");
    Files.writeString(token, "not-a-real-token\n");
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  private static HttpApi api(String certificate) {
    return new HttpApi(
        new ApiTarget(
            URI.create("https://127.0.0.1:" + server.getAddress().getPort()),
            "hpcuser",
            new ApiCredential(ApiCredential.Kind.TOKEN, token),
            certificate,
            Map.of(),
            new TransportOptions(Duration.ofSeconds(10), Duration.ofSeconds(30), 1 << 20)));
  }

  @Test
  void thePinnedCertificateIsAcceptedWhoeverSignedIt() {
    ApiReply reply = api(presented).send("GET", "/ping", null, Map.of("X-Test-User", "alice"));

    assertThat(reply.status()).isEqualTo(200);
    assertThat(reply.json()).isTrue();
    assertThat(reply.body()).isEqualTo("{\"user\":\"alice\"}");
  }

  @Test
  void anotherCertificateThanThePinnedOneIsRefusedNamingBoth() {
    String other = "SHA256:" + "A".repeat(43);
    HttpApi api = api(other);

    assertThatThrownBy(() -> api.send("GET", "/ping", null, Map.of()))
        .isInstanceOf(TransportException.class)
        .satisfies(
            e ->
                assertThat(((TransportException) e).step())
                    .isEqualTo(TransportException.Step.HOST_KEY))
        .hasMessageContaining("https://127.0.0.1:" + server.getAddress().getPort())
        .hasMessageContaining("GET /ping")
        .hasMessageContaining(presented)
        .hasMessageContaining(other);
    assertThat(api.presentedCertificate()).contains(presented);
  }

  @Test
  void withoutAPinACertificateNoAuthoritySignedIsRefusedAndNamedToBePinned() {
    assertThatThrownBy(() -> api(null).send("GET", "/ping", null, Map.of()))
        .isInstanceOf(TransportException.class)
        .hasMessageContaining("the TLS certificate was refused")
        .hasMessageContaining("if you checked that the server's certificate is " + presented);
  }

  @Test
  void aTokenGoesInClearOnlyToThisMachine() {
    assertThat(ApiSettings.url("http://127.0.0.1:6820/")).isEqualTo("http://127.0.0.1:6820");
    assertThat(ApiSettings.url("http://[::1]:6820")).isEqualTo("http://[::1]:6820");
    assertThat(ApiSettings.url("https://slurm.example.org:6820"))
        .isEqualTo("https://slurm.example.org:6820");
    assertThatThrownBy(() -> ApiSettings.url("http://slurm.example.org:6820"))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("plain http to slurm.example.org, which would send tokens in clear");
    assertThatThrownBy(() -> ApiSettings.url("https://u:p@slurm.example.org/?token=x"))
        .hasMessageContaining("carries a query, fragment or user");
    assertThatThrownBy(() -> ApiSettings.url("ftp://slurm.example.org"))
        .hasMessageContaining("is not https://HOST[:PORT]");
    assertThat(ApiSettings.url(" unix:/run/slurmrestd/slurmrestd.socket"))
        .isEqualTo("unix:/run/slurmrestd/slurmrestd.socket");
    assertThatThrownBy(() -> ApiSettings.url("unix:run/slurmrestd.socket"))
        .hasMessageContaining("is not unix:/ABSOLUTE/PATH");
    assertThatThrownBy(() -> ApiSettings.url("unix:/run/../tmp/x.socket"))
        .hasMessageContaining("'..'");
    assertThatThrownBy(() -> ApiSettings.url("unix:/" + "x".repeat(107)))
        .hasMessageContaining("at most 107 characters");
  }

  @Test
  void theUserMappingIsCheckedAndNormal() {
    assertThat(ApiSettings.usersOf("grace=bob,  ada=alice, token:ci=ci-bot"))
        .containsExactly(
            Map.entry("ada", "alice"), Map.entry("grace", "bob"), Map.entry("token:ci", "ci-bot"));
    assertThatThrownBy(() -> ApiSettings.usersOf("ada"))
        .hasMessageContaining("write FLEETUSER=CLUSTERUSER pairs");
    assertThatThrownBy(() -> ApiSettings.usersOf("ada=alice, ada=bob"))
        .hasMessageContaining("names ada twice");
    assertThatThrownBy(() -> ApiSettings.usersOf("ada=-rf"))
        .hasMessageContaining("invalid cluster user '-rf'");
  }
}
