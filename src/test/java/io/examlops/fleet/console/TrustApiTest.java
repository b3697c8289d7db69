package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.TestFleets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the console may be trusted with, over real HTTP on a real console: sessions and tokens end
 * with their grounds (changed by another process on the same platform.db, as the CLI does), tokens
 * hold no more than their owner's role and mint no tokens, decisions apply to what was reviewed,
 * files are private.
 */
class TrustApiTest {
  private static final String FLEET = "/api/v1/facility/fleet";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Actor CLI = new Actor("root", Actor.CLI);

  @TempDir Path dir;
  private ConsoleFixture console;

  /** Another process's view of the same stores: what {@code exa console user ...} opens. */
  private Fleet cli;

  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() {
    console = new ConsoleFixture(dir, "alpha", "beta");
    cli = TestFleets.fleet(console.env);
    cli.access().addUser(CLI, "root", Role.ADMIN, ConsoleFixture.PASSWORD.toCharArray());
  }

  @AfterEach
  void stop() {
    console.close();
  }

  /** A signed-in browser: its session cookie and the CSRF token of its pages. */
  private record Signed(String cookie, String csrf) {}

  private Signed signIn(String user, String password) throws Exception {
    HttpResponse<String> r = ConsoleFixture.signIn(http, console.base, user, password);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(303);
    String cookie = r.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    HttpResponse<String> page = send(HttpRequest.newBuilder(uri("/")).header("Cookie", cookie));
    Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page.body());
    assertThat(csrf.find()).as(page.body()).isTrue();
    return new Signed(cookie, csrf.group(1));
  }

  private URI uri(String path) {
    return URI.create(console.base + path);
  }

  private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path, Signed s) throws Exception {
    return send(HttpRequest.newBuilder(uri(path)).header("Cookie", s.cookie()));
  }

  private HttpResponse<String> form(String path, Signed s, String body) throws Exception {
    return send(
        HttpRequest.newBuilder(uri(path))
            .header("Cookie", s.cookie())
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("csrf=" + s.csrf() + "&" + body)));
  }

  private HttpResponse<String> postJson(String path, String token, String body) throws Exception {
    return send(
        HttpRequest.newBuilder(uri(path))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  /** The token form sent with a bearer token instead of a session: always refused. */
  private HttpResponse<String> mintWithToken(String token, String form) throws Exception {
    return send(
        HttpRequest.newBuilder(uri("/admin/tokens"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(form)));
  }

  private static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }

  private static void assertRefused(HttpResponse<String> r, int status, String kind)
      throws Exception {
    assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    assertThat(json(r).at("/error/kind").asText()).isEqualTo(kind);
  }

  private String revision(String cluster) {
    return cli.governance().cluster(cluster).revision();
  }

  @Test
  void aUserRemovedByTheCliIsSignedOutAtOnceAndItsTokensAreRevoked() throws Exception {
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    assertThat(get(FLEET, ann).statusCode()).isEqualTo(200);

    cli.access().removeUser(CLI, ConsoleFixture.ADMIN);

    HttpResponse<String> approve =
        form("/clusters/alpha/approve", ann, "revision=" + revision("alpha"));
    assertThat(approve.statusCode()).as("a form's page goes to sign-in").isEqualTo(303);
    assertThat(approve.headers().firstValue("Location").orElseThrow()).startsWith("/login?ended");
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
    HttpResponse<String> page = get("/", ann);
    assertThat(page.statusCode()).as("the session is gone, not merely refused once").isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow()).endsWith("/login?ended");
    assertRefused(postJson(FLEET + "/alpha/approve", token, ""), 401, "UNAUTHENTICATED");
    assertThat(
            cli
                .governance()
                .audit(new io.examlops.fleet.governance.AuditRequest(null))
                .events()
                .stream()
                .filter(e -> e.action().equals("user-remove"))
                .findFirst()
                .orElseThrow())
        .satisfies(e -> assertThat(e.actor()).isEqualTo("root"))
        .satisfies(e -> assertThat(e.surface()).isEqualTo("cli"));
  }

  @Test
  void aChangedPasswordOrRoleEndsTheOldSessions() throws Exception {
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    Signed vic = signIn(ConsoleFixture.VIEWER, ConsoleFixture.PASSWORD);
    cli.access().setPassword(CLI, ConsoleFixture.ADMIN, "a new long password".toCharArray());
    cli.access().setRole(CLI, ConsoleFixture.VIEWER, Role.ADMIN);
    for (Signed old : List.of(ann, vic)) {
      HttpResponse<String> r =
          send(HttpRequest.newBuilder(uri(FLEET)).header("Cookie", old.cookie()));
      assertRefused(r, 401, "UNAUTHENTICATED");
      assertThat(json(r).at("/error/message").asText()).contains("session ended");
    }
    assertThat(get(FLEET, signIn(ConsoleFixture.ADMIN, "a new long password")).statusCode())
        .isEqualTo(200);
  }

  @Test
  void theTokenFormSetsLimitsThatTheListShowsAndRefusesLimitsThatMakeNoSense() throws Exception {
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    HttpResponse<String> made =
        form(
            "/admin/tokens",
            ann,
            "name=ci&owner=vic&scope=read&scope=submit&clusters=alpha%2C+beta&partitions=gpu"
                + "&maxGpusPerJob=4&maxRunningJobs=2&gpuHours=12.5&period=week");
    assertThat(made.statusCode()).as(made.body()).isEqualTo(200);
    assertThat(made.body())
        .contains(
            "clusters alpha, beta; partitions gpu; ≤ 4 GPUs a job; ≤ 2 jobs at once; 12.5 GPU-hours"
                + " a week");
    assertThat(console.fleet.access().tokens())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.limits().clusters()).containsExactly("alpha", "beta");
              assertThat(t.limits().maxRunningJobs()).isEqualTo(2);
              assertThat(t.limits().gpuHours()).isEqualByComparingTo("12.5");
            });

    for (String bad :
        List.of(
            "maxGpusPerJob=0",
            "maxRunningJobs=two",
            "gpuHours=10",
            "period=fortnight",
            "gpuHours=-1&period=day",
            "partitions=gpu%3Brm")) {
      HttpResponse<String> refused =
          form("/admin/tokens", ann, "name=x&owner=vic&scope=read&scope=submit&" + bad);
      assertThat(refused.statusCode()).as(bad + ": " + refused.body()).isEqualTo(400);
    }
    assertThat(console.fleet.access().tokens()).as("nothing half-made").hasSize(1);
  }

  @Test
  void aViewersTokenNeverHoldsTheAdminScopeAndNoTokenMintsATokenOrNamesAnUnknownScope()
      throws Exception {
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    HttpResponse<String> viewerAdmin =
        form("/admin/tokens", ann, "name=x&owner=vic&scope=read&scope=admin");
    assertThat(viewerAdmin.statusCode()).as(viewerAdmin.body()).isEqualTo(400);
    assertThat(viewerAdmin.body()).contains("user 'vic' is a viewer");
    assertThat(form("/admin/tokens", ann, "name=x&owner=vic").statusCode())
        .as("no scope ticked")
        .isEqualTo(400);
    assertThat(form("/admin/tokens", ann, "name=x&owner=vic&scope=root").statusCode())
        .isEqualTo(400);
    assertThat(console.fleet.access().tokens()).isEmpty();

    String admin = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    HttpResponse<String> minted =
        mintWithToken(admin, "name=minted&owner=ann&scope=admin&scope=read");
    assertThat(minted.statusCode()).isEqualTo(403);
    assertThat(minted.body()).contains("never administers tokens");
    assertThat(console.fleet.access().tokens()).hasSize(1);

    // A token made while its owner was an admin loses the admin scope with the role.
    cli.access().addUser(CLI, "ops", Role.ADMIN, ConsoleFixture.PASSWORD.toCharArray());
    String ops = console.token("ops", TokenScope.READ, TokenScope.ADMIN);
    assertThat(postJson(FLEET + "/alpha/approve", ops, "").statusCode()).isEqualTo(200);
    cli.access().setRole(CLI, "ops", Role.VIEWER);
    assertRefused(postJson(FLEET + "/beta/approve", ops, ""), 401, "UNAUTHENTICATED");
  }

  @Test
  void aDecisionOnAStaleRevisionIsRefusedWithWhatChanged() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    String reviewed =
        json(send(
                HttpRequest.newBuilder(uri(FLEET + "/alpha"))
                    .header("Authorization", "Bearer " + token)))
            .get("revision")
            .asText();
    assertThat(reviewed).isEqualTo(revision("alpha")).startsWith("pending-");

    cli.governance().reject(CLI, new RejectRequest("alpha", "wrong account"));

    HttpResponse<String> stale =
        postJson(FLEET + "/alpha/approve", token, "{\"revision\": \"" + reviewed + "\"}");
    assertRefused(stale, 409, "CONFLICT");
    assertThat(json(stale).at("/error/message").asText())
        .contains("changed since it was reviewed")
        .contains("was PENDING and is now REJECTED")
        .contains("wrong account")
        .contains(revision("alpha"));
    assertThat(console.state("alpha")).isEqualTo(ClusterState.REJECTED);
    assertRefused(
        postJson(FLEET + "/alpha/approve", token, "{\"revision\": \"nonsense\"}"),
        400,
        "INVALID_REQUEST");
    HttpResponse<String> fresh =
        postJson(FLEET + "/alpha/approve", token, "{\"revision\": \"" + revision("alpha") + "\"}");
    assertThat(fresh.statusCode()).as(fresh.body()).isEqualTo(200);
  }

  @Test
  void ofTwoDecisionsOnOneRevisionAtTheSameMomentOneApplies() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    String reviewed = revision("beta");
    int racers = 8;
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < racers; i++) {
        boolean approve = i % 2 == 0;
        Callable<Integer> decide =
            () -> {
              go.await();
              return approve
                  ? postJson(FLEET + "/beta/approve", token, "{\"revision\": \"" + reviewed + "\"}")
                      .statusCode()
                  : postJson(
                          FLEET + "/beta/reject",
                          token,
                          "{\"reason\": \"no\", \"revision\": \"" + reviewed + "\"}")
                      .statusCode();
            };
        answers.add(pool.submit(decide));
      }
      go.countDown();
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> f : answers) {
        statuses.add(f.get());
      }
      assertThat(statuses).filteredOn(s -> s == 200).hasSize(1);
      assertThat(statuses).filteredOn(s -> s == 409).hasSize(racers - 1);
    } finally {
      pool.shutdownNow();
    }
    long decisions =
        cli
            .governance()
            .audit(new io.examlops.fleet.governance.AuditRequest("beta"))
            .events()
            .stream()
            .filter(e -> e.action().equals("approve") || e.action().equals("reject"))
            .count();
    assertThat(decisions).isEqualTo(1);
  }

  @Test
  void aPageDecisionNeedsTheRevisionAndItsNoticeComesFromTheServer() throws Exception {
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    assertThat(form("/clusters/alpha/approve", ann, "x=1").statusCode()).isEqualTo(400);
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
    HttpResponse<String> done =
        form("/clusters/alpha/approve", ann, "revision=" + revision("alpha"));
    assertThat(done.statusCode()).isEqualTo(303);
    String location = done.headers().firstValue("Location").orElseThrow();
    assertThat(location).isEqualTo("/clusters/alpha?done=approved");
    assertThat(get(location, ann).body()).contains("Approved alpha: it is ACTIVE");
    assertThat(get("/clusters/beta?done=approved", ann).body())
        .as("a notice the cluster's state does not bear out")
        .doesNotContain("id=\"notice\"");
    assertThat(get("/?approved=everything%20forever", ann).body())
        .doesNotContain("everything forever")
        .doesNotContain("id=\"notice\"");
  }

  @Test
  void jsonAnswersAreNotCachedAndHeadSaysJson() throws Exception {
    String token = console.token(ConsoleFixture.VIEWER, TokenScope.READ);
    HttpResponse<String> r =
        send(HttpRequest.newBuilder(uri(FLEET)).header("Authorization", "Bearer " + token));
    assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-store");
    HttpResponse<String> head =
        send(
            HttpRequest.newBuilder(uri(FLEET))
                .header("Authorization", "Bearer " + token)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
    assertThat(head.statusCode()).isEqualTo(200);
    assertThat(head.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    assertThat(r.headers().firstValue("Strict-Transport-Security")).as("no TLS here").isEmpty();
  }

  @Test
  void theStoresFilesArePrivateAndAWiderModeIsReported() throws Exception {
    Path db = Path.of(console.env.get("EXAMLOPS_PLATFORM_DB"));
    Path yaml = Path.of(console.env.get("EXAMLOPS_HPC_REGISTRY"));
    for (Path file : List.of(db, Path.of(db + "-wal"), Path.of(db + "-shm"), yaml)) {
      if (Files.exists(file)) {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
            .as(file.toString())
            .isEqualTo("rw-------");
      }
    }
    assertThat(Files.exists(db)).isTrue();
    assertThat(console.fleet.governance().exposedFiles()).isEmpty();
    Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("rw-r--r--"));
    assertThat(console.fleet.governance().exposedFiles())
        .singleElement()
        .asString()
        .contains(db.toString())
        .contains("rw-r--r--")
        .contains("chmod 600");
  }

  @Test
  void aStoreCreatedInANewDirectoryIsOwnerOnly() throws Exception {
    Path state = dir.resolve("fresh").resolve("state");
    java.util.Map<String, String> env = new java.util.HashMap<>(console.env);
    env.put("EXAMLOPS_PLATFORM_DB", state.resolve("platform.db").toString());
    env.put("EXAMLOPS_HPC_REGISTRY", state.resolve("clusters.yaml").toString());
    Fleet fresh = TestFleets.fleet(env);
    fresh.access().addUser(CLI, "ann", Role.ADMIN, ConsoleFixture.PASSWORD.toCharArray());
    fresh
        .governance()
        .connect(
            CLI,
            new io.examlops.fleet.governance.ConnectRequest(
                "one", io.examlops.fleet.discovery.HostTarget.of("local"), "mock"));
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(state)))
        .isEqualTo("rwx------");
    for (String name :
        List.of("platform.db", "platform.db-wal", "platform.db-shm", "clusters.yaml")) {
      Path file = state.resolve(name);
      if (Files.exists(file)) {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
            .as(name)
            .isEqualTo("rw-------");
      }
    }
    assertThat(fresh.governance().exposedFiles()).isEmpty();
  }

  @Test
  void anHttp09RequestIsTheClientsErrorNotAnInternalOne() throws Exception {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", console.server.port())) {
      socket
          .getOutputStream()
          .write("GET /healthz\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      String answer =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(answer).doesNotContain("INTERNAL").doesNotContain("io.examlops");
      if (answer.contains("{")) {
        assertThat(answer).contains("\"kind\":\"INVALID_REQUEST\"");
      }
    }
  }

  /** Issue 34: Jetty answered 426 Upgrade Required, offering no upgrade; the docs say 505. */
  @Test
  void anHttp2RequestLineIsAnsweredVersionNotSupported() throws Exception {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", console.server.port())) {
      socket
          .getOutputStream()
          .write(
              "GET /api/v1/facility/fleet/clusters HTTP/2.0\r\nHost: localhost\r\n\r\n"
                  .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
      String answer =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
      assertThat(answer.lines().findFirst().orElse("")).startsWith("HTTP/1.1 505 ");
      assertThat(answer)
          .contains("\"kind\":\"INVALID_REQUEST\"")
          .contains("\"status\":505")
          .contains("send HTTP/1.1")
          .doesNotContain("io.examlops");
    }
  }

  // --- decisions on behalf of an admin who clicked in Jenkins -----------------------------------

  private static final String CENTRAL = "/api/v1/facility/central";

  private HttpResponse<String> decideFor(
      String cluster, String action, String token, String surface, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(CENTRAL + "/clusters/" + cluster + "/" + action + "-for"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (surface != null) {
      b.header("X-Examlops-Surface", surface);
    }
    return send(b);
  }

  private static String forUser(String user, String revision) {
    return "{\"user\": \"" + user + "\", \"revision\": \"" + revision + "\"}";
  }

  @Test
  void onlyAnAdminMintsTheOnBehalfScopeForAnAdminAndNoSessionUsesIt() throws Exception {
    Signed vic = signIn(ConsoleFixture.VIEWER, ConsoleFixture.PASSWORD);
    HttpResponse<String> byViewer =
        form("/admin/tokens", vic, "name=x&owner=vic&scope=read&scope=on-behalf");
    assertThat(byViewer.statusCode()).as(byViewer.body()).isEqualTo(403);
    Signed ann = signIn(ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    HttpResponse<String> forViewer =
        form("/admin/tokens", ann, "name=x&owner=vic&scope=read&scope=on-behalf");
    assertThat(forViewer.statusCode()).as(forViewer.body()).isEqualTo(400);
    assertThat(forViewer.body()).contains("user 'vic' is a viewer").contains("not on-behalf");
    String admin = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    HttpResponse<String> byToken =
        mintWithToken(admin, "name=minted&owner=ann&scope=read&scope=on-behalf");
    assertThat(byToken.statusCode()).isEqualTo(403);
    assertThat(console.fleet.access().tokens()).hasSize(1);
    HttpResponse<String> minted =
        form("/admin/tokens", ann, "name=jenkins&owner=ann&scope=read&scope=on-behalf");
    assertThat(minted.statusCode()).as(minted.body()).isEqualTo(200);
    assertThat(console.fleet.access().tokens())
        .anySatisfy(t -> assertThat(t.scopes()).contains(TokenScope.ON_BEHALF));

    // An admin's session decides as itself, never for someone else.
    HttpResponse<String> bySession =
        send(
            HttpRequest.newBuilder(uri(CENTRAL + "/clusters/alpha/approve-for"))
                .header("Cookie", ann.cookie())
                .header(ConsoleServer.CSRF_HEADER, ann.csrf())
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        forUser(ConsoleFixture.ADMIN, revision("alpha")))));
    assertRefused(bySession, 403, "FORBIDDEN");
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void aDecisionForAnAdminIsAuditedAsThemViaTheBuildVouchedForByTheToken() throws Exception {
    String jenkins = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ON_BEHALF);
    String build = "jenkins:fleet-governance#12";

    // The token decides only for someone: as itself it is no admin.
    assertRefused(postJson(FLEET + "/alpha/approve", jenkins, ""), 403, "FORBIDDEN");
    // An admin-scoped token without on-behalf cannot speak for anyone.
    String admin = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ADMIN);
    assertRefused(
        decideFor("alpha", "approve", admin, build, forUser("ann", revision("alpha"))),
        403,
        "FORBIDDEN");
    // Only for one of the console's admins, through a surface that names the system and its run,
    // on the revision that was shown.
    HttpResponse<String> viewer =
        decideFor("alpha", "approve", jenkins, build, forUser("vic", revision("alpha")));
    assertRefused(viewer, 403, "NOT_PERMITTED");
    assertThat(json(viewer).at("/error/message").asText()).contains("'vic' is not an admin");
    assertRefused(
        decideFor("alpha", "approve", jenkins, build, forUser("nobody", revision("alpha"))),
        403,
        "NOT_PERMITTED");
    assertRefused(
        decideFor("alpha", "approve", jenkins, "console", forUser("ann", revision("alpha"))),
        400,
        "INVALID_REQUEST");
    assertRefused(
        decideFor("alpha", "approve", jenkins, null, forUser("ann", revision("alpha"))),
        400,
        "INVALID_REQUEST");
    assertRefused(
        decideFor("alpha", "approve", jenkins, build, "{\"user\": \"ann\"}"),
        400,
        "INVALID_REQUEST");
    assertRefused(
        decideFor("beta", "reject", jenkins, build, forUser("ann", revision("beta"))),
        400,
        "INVALID_REQUEST");
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
    assertThat(console.state("beta")).isEqualTo(ClusterState.PENDING);

    HttpResponse<String> reviews =
        send(
            HttpRequest.newBuilder(uri(CENTRAL + "/reviews"))
                .header("Authorization", "Bearer " + jenkins));
    assertThat(reviews.statusCode()).as(reviews.body()).isEqualTo(200);
    assertThat(json(reviews).get("reviews"))
        .extracting(r -> r.get("cluster").asText() + " " + r.get("revision").asText())
        .containsExactly("alpha " + revision("alpha"), "beta " + revision("beta"));

    HttpResponse<String> approved =
        decideFor("alpha", "approve", jenkins, build, forUser("ann", revision("alpha")));
    assertThat(approved.statusCode()).as(approved.body()).isEqualTo(200);
    assertThat(json(approved).at("/cluster/governance/decidedBy").asText()).isEqualTo("ann");
    assertThat(console.state("alpha")).isEqualTo(ClusterState.ACTIVE);
    var event =
        cli.governance()
            .audit(new io.examlops.fleet.governance.AuditRequest("alpha"))
            .events()
            .get(
                cli.governance()
                        .audit(new io.examlops.fleet.governance.AuditRequest("alpha"))
                        .events()
                        .size()
                    - 1);
    assertThat(event.action()).isEqualTo("approve");
    assertThat(event.actor() + " via " + event.surface()).isEqualTo("ann via " + build);
    String tokenId =
        console.fleet.access().tokens().stream()
            .filter(t -> t.scopes().contains(TokenScope.ON_BEHALF))
            .findFirst()
            .orElseThrow()
            .id();
    assertThat(event.details().get("vouchedBy").asText())
        .isEqualTo("token " + tokenId + " 'test-ann' of ann");
  }
}
