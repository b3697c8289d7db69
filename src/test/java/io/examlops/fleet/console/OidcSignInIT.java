package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.settings.OpenIdSettings;
import io.examlops.fleet.testing.MovingClock;
import io.examlops.fleet.testing.OidcProvider;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Signing in with OIDC against a real certified OpenID Provider of the test's own (panva's
 * oidc-provider under node, {@link OidcProvider}), through a real console over HTTP: a browser of
 * the test's (cookies, redirects followed one by one) presses "Sign in with Test SSO", signs in at
 * the provider's form, allows the console there, and comes back signed in with the role its ID
 * token's groups claim gives. A member of no mapped group, denied consent, an answer whose state is
 * not its sign-in's and a provider that is down sign nobody in, each said on the sign-in page; the
 * local break-glass admin signs in meanwhile; a session ends with its ID token.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OidcSignInIT {
  private static final String CLIENT_ID = "hpc-fleet-console";
  private static final String CLIENT_SECRET = "the console's client secret at the provider";
  private static final Duration ID_TOKEN_LIFE = Duration.ofMinutes(10);
  private static final String PASSWORD = "a provider password";

  @TempDir static Path dir;
  private static MovingClock clock;
  private static int providerPort;
  private static OidcProvider provider;
  private static ConsoleFixture console;

  @BeforeAll
  static void start() throws Exception {
    // The console must know the issuer before it starts, and the provider the console's callback:
    // the provider's port is chosen first.
    providerPort = OidcProvider.freePort();
    clock = new MovingClock(Instant.now());
    console =
        new ConsoleFixture(
            dir.resolve("stores"),
            clock,
            OpenIdFile.read(settingsFile("http://127.0.0.1:" + providerPort)),
            "alpha",
            "beta",
            "gamma");
    provider =
        OidcProvider.start(
            dir.resolve("provider"),
            providerPort,
            CLIENT_ID,
            CLIENT_SECRET,
            URI.create(console.base + OpenIdSettings.CALLBACK),
            "ES256",
            ID_TOKEN_LIFE,
            accounts(List.of("hpc-admins")));
  }

  @AfterAll
  static void stop() throws Exception {
    if (provider != null) {
      provider.close();
    }
    if (console != null) {
      console.close();
    }
  }

  /** The provider's accounts, with olga in {@code olgasGroups}. */
  private static List<OidcProvider.Account> accounts(List<String> olgasGroups) {
    return List.of(
        new OidcProvider.Account("dora", PASSWORD, List.of("hpc-admins", "everyone")),
        new OidcProvider.Account("ed", PASSWORD, List.of("everyone", "hpc-viewers")),
        new OidcProvider.Account("olga", PASSWORD, olgasGroups),
        new OidcProvider.Account("nora", PASSWORD, List.of("everyone")),
        new OidcProvider.Account(ConsoleFixture.VIEWER, PASSWORD, List.of("hpc-admins")));
  }

  /** The settings as exa console --oidc reads them; the client secret in a private file. */
  private static Path settingsFile(String issuer) throws Exception {
    Path secret = dir.resolve("client-secret");
    Files.writeString(secret, CLIENT_SECRET + "\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    Path file = dir.resolve("oidc.yaml");
    Files.writeString(
        file,
        "issuer: "
            + issuer
            + "\nname: Test SSO\nclientId: "
            + CLIENT_ID
            + "\nclientSecretFile: "
            + secret
            + "\nscopes: [profile, groups]\n"
            + "roles:\n  admin: hpc-admins\n  viewer: [hpc-viewers]\n");
    return file;
  }

  /** A browser: its own cookies, each redirect followed by hand. */
  private static final class Browser {
    final HttpClient http =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    HttpResponse<String> get(URI uri) throws Exception {
      return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(URI uri, String form) throws Exception {
      return http.send(
          HttpRequest.newBuilder(uri)
              .header("Content-Type", "application/x-www-form-urlencoded")
              .POST(HttpRequest.BodyPublishers.ofString(form))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    }

    /** Where {@code r} redirects to; null when it does not. */
    static URI next(HttpResponse<String> r) {
      return r.statusCode() / 100 == 3
          ? r.uri().resolve(r.headers().firstValue("Location").orElseThrow())
          : null;
    }

    /** {@code r}, or where its redirects end. */
    HttpResponse<String> follow(HttpResponse<String> r) throws Exception {
      for (URI next = next(r); next != null; next = next(r)) {
        r = get(next);
      }
      return r;
    }

    /**
     * Presses "Sign in with Test SSO" on the console's sign-in page and follows it to the
     * provider's sign-in form.
     */
    HttpResponse<String> toProvider() throws Exception {
      keepUp();
      HttpResponse<String> login = get(URI.create(console.base + "/login"));
      Matcher button =
          Pattern.compile("href=\"([^\"]+)\" id=\"sign-in-provider\"[^>]*>Sign in with Test SSO<")
              .matcher(login.body());
      assertThat(button.find()).as(login.body()).isTrue();
      HttpResponse<String> form = follow(get(URI.create(console.base + button.group(1))));
      assertThat(form.uri().getPort()).isEqualTo(providerPort);
      assertThat(form.body()).contains("Sign in to the test provider");
      return form;
    }

    /** Fills the provider's sign-in form; its answer, the consent form. */
    HttpResponse<String> signInThere(HttpResponse<String> form, String user) throws Exception {
      HttpResponse<String> consent =
          follow(
              post(
                  form.uri().resolve(action(form, "login")),
                  "user="
                      + URLEncoder.encode(user, StandardCharsets.UTF_8)
                      + "&password="
                      + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8)));
      assertThat(consent.body()).as(consent.uri().toString()).contains("know who you are?");
      return consent;
    }

    /** Presses Allow (or Deny) on the consent form; the redirect back to the console. */
    HttpResponse<String> consent(HttpResponse<String> form, boolean allow) throws Exception {
      HttpResponse<String> r =
          post(form.uri().resolve(action(form, allow ? "confirm" : "abort")), "");
      // The provider's own redirects, up to the one that sends the browser back to the console.
      while (next(r) != null && next(r).getPort() == providerPort) {
        r = get(next(r));
      }
      assertThat(next(r)).as(r.body()).isNotNull();
      assertThat(next(r).getPath()).isEqualTo(OpenIdSettings.CALLBACK);
      return r;
    }

    /** The whole sign-in of {@code user}; the console's answer to the provider's redirect. */
    HttpResponse<String> signIn(String user) throws Exception {
      return follow(consent(signInThere(toProvider(), user), true));
    }

    private static String action(HttpResponse<String> form, String what) {
      Matcher action =
          Pattern.compile("action=\"(/interaction/[^\"]+/" + what + ")\"").matcher(form.body());
      assertThat(action.find()).as(form.body()).isTrue();
      return action.group(1);
    }

    /** Who the page header says is signed in: {@code dora (admin)}; null when nobody. */
    String who() throws Exception {
      HttpResponse<String> page = get(URI.create(console.base + "/"));
      if (page.statusCode() != 200) {
        return null;
      }
      Matcher who = Pattern.compile("id=\"who\">([^<]+)<").matcher(page.body());
      assertThat(who.find()).as(page.body()).isTrue();
      return who.group(1);
    }

    /** The cluster's Approve button, with the CSRF token its page carries. */
    HttpResponse<String> approve(String cluster) throws Exception {
      HttpResponse<String> page = get(URI.create(console.base + "/clusters/" + cluster));
      Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page.body());
      assertThat(csrf.find()).as(page.body()).isTrue();
      String revision = console.fleet.governance().cluster(cluster).revision();
      return post(
          URI.create(console.base + "/clusters/" + cluster + "/approve"),
          "csrf="
              + csrf.group(1)
              + "&"
              + DecisionBody.REVISION
              + "="
              + URLEncoder.encode(revision, StandardCharsets.UTF_8));
    }
  }

  /**
   * Brings the console's clock (which the test moves) up to the provider's, which is the real one:
   * an ID token issued later than the console's now by more than a minute is refused.
   */
  private static void keepUp() {
    Duration behind = Duration.between(clock.instant(), Instant.now());
    if (!behind.isNegative() && !behind.isZero()) {
      clock.advance(behind);
    }
  }

  /** What the sign-in page says, its header above it. */
  private static String message(HttpResponse<String> page) {
    assertThat(page.body()).contains("<h1>Sign in to HPC Fleet</h1>");
    Matcher message = Pattern.compile("id=\"message\">([^<]+)<").matcher(page.body());
    assertThat(message.find()).as(page.body()).isTrue();
    return message.group(1).replace("&#39;", "'").replace("&quot;", "\"");
  }

  private static List<ClusterSummary.Audit> audit() {
    return console.fleet.governance().audit(AuditRequest.ALL).events();
  }

  @Test
  @Order(1)
  void anAdminGroupsMemberSignsInAtTheProviderAndDecides() throws Exception {
    Browser browser = new Browser();
    HttpResponse<String> signedIn = browser.signIn("dora");
    assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(200);
    assertThat(signedIn.body()).contains("Signed in as dora.").contains("url=/\"");
    assertThat(signedIn.headers().allValues("Set-Cookie"))
        .anyMatch(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "=") && c.contains("Strict"));
    assertThat(browser.who()).isEqualTo("dora (admin)");
    HttpResponse<String> approved = browser.approve("alpha");
    assertThat(approved.statusCode()).as(approved.body()).isEqualTo(303);
    assertThat(console.state("alpha")).isEqualTo(ClusterState.ACTIVE);
    assertThat(console.fleet.governance().cluster("alpha").decidedBy()).isEqualTo("dora");
    ClusterSummary.Audit signIn =
        audit().stream()
            .filter(e -> e.action().equals("sign-in") && e.actor().equals("dora"))
            .findFirst()
            .orElseThrow();
    assertThat(signIn.details().get("source").asText()).isEqualTo("oidc");
    assertThat(signIn.details().get("role").asText()).isEqualTo("admin");
    assertThat(signIn.details().get("groups").toString()).isEqualTo("[\"hpc-admins\"]");
    assertThat(signIn.details().get("issuer").asText()).isEqualTo(provider.issuer().toString());
    // Its password is the provider's: the console changes none.
    assertThat(browser.get(URI.create(console.base + SignIn.OWN_PASSWORD)).body())
        .contains("Your password is Test SSO");
  }

  @Test
  @Order(2)
  void aViewerGroupsMemberReadsButCannotDecide() throws Exception {
    Browser browser = new Browser();
    assertThat(browser.signIn("ed").statusCode()).isEqualTo(200);
    assertThat(browser.who()).isEqualTo("ed (viewer)");
    HttpResponse<String> refused = browser.approve("beta");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(console.state("beta")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  @Order(3)
  void aMemberOfNoMappedGroupOrALocalUsersNameIsRefusedSayingSo() throws Exception {
    Browser nora = new Browser();
    HttpResponse<String> refused = nora.signIn("nora");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(message(refused))
        .contains("Test SSO signed in 'nora' but its ID token's groups claim names none of this")
        .contains("admin: hpc-admins, viewer: hpc-viewers");
    assertThat(nora.who()).isNull();
    Browser vic = new Browser();
    HttpResponse<String> local = vic.signIn(ConsoleFixture.VIEWER);
    assertThat(local.statusCode()).isEqualTo(403);
    assertThat(message(local)).contains("is the name of a local user of this console");
    assertThat(vic.who()).isNull();
  }

  @Test
  @Order(4)
  void deniedConsentSignsNobodyIn() throws Exception {
    Browser browser = new Browser();
    HttpResponse<String> denied =
        browser.follow(browser.consent(browser.signInThere(browser.toProvider(), "dora"), false));
    assertThat(denied.statusCode()).isEqualTo(403);
    assertThat(message(denied))
        .startsWith("Test SSO did not sign you in (access_denied")
        .contains("consent was denied or the sign-in cancelled there");
    assertThat(browser.who()).isNull();
  }

  @Test
  @Order(5)
  void anAnswerWhoseStateIsNotItsSignInsSignsNobodyIn() throws Exception {
    Browser browser = new Browser();
    HttpResponse<String> back =
        browser.consent(browser.signInThere(browser.toProvider(), "dora"), true);
    URI callback = Browser.next(back);
    URI forged =
        URI.create(callback.toString().replaceFirst("state=[^&]+", "state=another-sign-ins"));
    HttpResponse<String> refused = browser.get(forged);
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(message(refused)).contains("its state differs");
    // The sign-in is spent: its own answer, sent now, signs nobody in either.
    HttpResponse<String> late = browser.get(callback);
    assertThat(late.statusCode()).isEqualTo(400);
    assertThat(message(late)).contains("belongs to no sign-in this browser started here");
    assertThat(browser.who()).isNull();

    // An answer meant for another browser (login CSRF: a stranger's code and state) is refused.
    Browser stranger = new Browser();
    URI strangers =
        Browser.next(stranger.consent(stranger.signInThere(stranger.toProvider(), "dora"), true));
    Browser victim = new Browser();
    HttpResponse<String> planted = victim.get(strangers);
    assertThat(planted.statusCode()).isEqualTo(400);
    assertThat(message(planted)).contains("belongs to no sign-in this browser started here");
    assertThat(victim.who()).isNull();
  }

  @Test
  @Order(6)
  void groupsAreTakenAtEachSignIn() throws Exception {
    Browser admin = new Browser();
    assertThat(admin.signIn("olga").statusCode()).isEqualTo(200);
    assertThat(admin.who()).isEqualTo("olga (admin)");
    // Out of the admin group at the provider: her next sign-in is a viewer's, and cannot decide.
    provider.accounts(accounts(List.of("hpc-viewers")));
    Browser again = new Browser();
    assertThat(again.signIn("olga").statusCode()).isEqualTo(200);
    assertThat(again.who()).isEqualTo("olga (viewer)");
    assertThat(again.approve("gamma").statusCode()).isEqualTo(403);
    assertThat(console.state("gamma")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  @Order(7)
  void aSessionEndsWithItsIdToken() throws Exception {
    Browser browser = new Browser();
    assertThat(browser.signIn("dora").statusCode()).isEqualTo(200);
    clock.advance(ID_TOKEN_LIFE.minusMinutes(2));
    assertThat(browser.who()).isEqualTo("dora (admin)");
    clock.advance(Duration.ofMinutes(5));
    HttpResponse<String> page = browser.get(URI.create(console.base + "/"));
    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow()).startsWith("/login?expired");
  }

  @Test
  @Order(8)
  void aProviderThatIsDownIsSaidAndLocalUsersStillSignIn() throws Exception {
    provider.close();
    Browser browser = new Browser();
    HttpResponse<String> login = browser.get(URI.create(console.base + "/login"));
    Matcher button =
        Pattern.compile("href=\"([^\"]+)\" id=\"sign-in-provider\"").matcher(login.body());
    assertThat(button.find()).isTrue();
    HttpResponse<String> down = browser.get(URI.create(console.base + button.group(1)));
    assertThat(down.statusCode()).isEqualTo(502);
    assertThat(message(down))
        .isEqualTo(
            "Test SSO cannot be asked now (the console's log says why): try again later. Local"
                + " users can still sign in.");
    HttpResponse<String> local =
        ConsoleFixture.signIn(
            browser.http, console.base, ConsoleFixture.ADMIN, ConsoleFixture.PASSWORD);
    assertThat(local.statusCode()).as(local.body()).isEqualTo(303);
    assertThat(browser.who()).isEqualTo(ConsoleFixture.ADMIN + " (admin)");
  }

  /**
   * The real {@code exa console --oidc FILE}, in a process of its own: it says so, and offers it.
   */
  @Test
  @Order(9)
  void exaConsoleReadsItsOidcSettingsSaysSoAndOffersTheButton() throws Exception {
    Path stores = Files.createDirectories(dir.resolve("process"));
    Process process =
        ConsoleFixture.startConsole(
            ConsoleFixture.storesIn(stores, "root"),
            "--port",
            "0",
            "--oidc",
            settingsFile("http://127.0.0.1:" + providerPort).toString());
    try {
      java.io.BufferedReader out =
          new java.io.BufferedReader(
              new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      List<String> lines = new java.util.ArrayList<>();
      String line;
      while ((line = out.readLine()) != null && !line.contains("listening on")) {
        lines.add(line);
      }
      assertThat(line).as(String.join("\n", lines)).isNotNull();
      assertThat(lines)
          .contains(
              "OIDC users sign in too: Test SSO (http://127.0.0.1:"
                  + providerPort
                  + ") (admins: hpc-admins; viewers: hpc-viewers; their sessions last no longer"
                  + " than their ID tokens)")
          .noneMatch(l -> l.contains(CLIENT_SECRET));
      Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/").matcher(line);
      assertThat(port.find()).as(line).isTrue();
      HttpResponse<String> login =
          new Browser().get(URI.create("http://127.0.0.1:" + port.group(1) + "/login"));
      assertThat(login.body()).contains(">Sign in with Test SSO<");
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
      if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  /** A settings file with a mistake stops exa console before it listens, saying where. */
  @Test
  @Order(10)
  void exaConsoleRefusesBadOidcSettingsBeforeItStarts() throws Exception {
    Path file = settingsFile("http://sso.example.org/realms/hpc");
    io.examlops.fleet.cli.ExaRun refused =
        io.examlops.fleet.cli.ExaRun.run(
            ConsoleFixture.storesIn(Files.createDirectories(dir.resolve("refused")), "root"),
            "console",
            "--port",
            "0",
            "--oidc",
            file.toString());
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
    assertThat(refused.err())
        .contains("the OIDC settings " + file + ": issuer")
        .contains("plain http to sso.example.org");
  }
}
