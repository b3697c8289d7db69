package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.settings.DirectorySettings;
import io.examlops.fleet.testing.Slapd;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * Signing in with LDAP against a real OpenLDAP slapd of the test's own (Debian's package), through
 * a real console over HTTP: a user added to the directory's admin group signs in and decides, and
 * once removed from it cannot decide; viewers read; users in no mapped group, wrong or empty
 * passwords and filter injections sign nobody in; the local break-glass admin still works with the
 * directory down. The slapd refuses every password bind that is not over TLS, so each sign-in here
 * went over StartTLS (or LDAPS).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LdapSignInIT {
  private static final String ED_PASSWORD = "ed's directory password";
  private static final String DORA_PASSWORD = "dora's directory password";
  private static final String OTHERS_PASSWORD = "a directory password";
  private static final String ADMINS = "hpc-admins";
  private static final String VIEWERS = "hpc-viewers";

  @TempDir static Path dir;
  private static Slapd slapd;
  private static ConsoleFixture console;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    slapd =
        Slapd.start(
            dir.resolve("slapd"),
            Slapd.person("ed", ED_PASSWORD)
                + Slapd.person("dora", DORA_PASSWORD)
                + Slapd.person("victor", OTHERS_PASSWORD)
                + Slapd.person("nora", OTHERS_PASSWORD)
                + Slapd.person("olga", OTHERS_PASSWORD)
                + Slapd.person("pat", OTHERS_PASSWORD)
                + Slapd.person("ann", OTHERS_PASSWORD)
                + Slapd.group(ADMINS, "dora", "olga", "ann")
                + Slapd.group(VIEWERS, "ed", "victor")
                + Slapd.posixGroup("hpc-posix", 5000, "pat"));
    // Read through the console's own reader, as exa console --ldap reads it; reads are answered on
    // the directory's word of up to 5 minutes ago, so whatever is refused below was asked now.
    console =
        new ConsoleFixture(
            dir.resolve("stores"),
            settings(
                "url: " + slapd.ldapUrl() + "\nstartTls: true\n", "checkInterval: 300\n", Map.of()),
            "alpha",
            "beta",
            "gamma",
            "delta",
            "epsilon");
  }

  @AfterAll
  static void stop() throws Exception {
    if (console != null) {
      console.close();
    }
    if (slapd != null) {
      slapd.close();
    }
  }

  /**
   * Directory settings as a file would give them: {@code connection} (url, TLS), the rest the
   * slapd's, {@code more} keys after them; the bind password in a private file.
   */
  private static DirectorySettings settings(String connection, String more, Map<String, String> env)
      throws Exception {
    return DirectoryFile.read(settingsFile(connection, more), env);
  }

  /** The settings file {@link #settings} reads. */
  private static Path settingsFile(String connection, String more) throws Exception {
    Path passwordFile = dir.resolve("bind-password");
    if (!Files.exists(passwordFile)) {
      Files.writeString(passwordFile, Slapd.CONSOLE_PASSWORD + "\n");
      Files.setPosixFilePermissions(
          passwordFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }
    Path file = Files.createTempFile(dir, "ldap", ".yaml");
    Files.writeString(
        file,
        connection
            + "caCertificate: "
            + slapd.certificate()
            + "\nbindDn: "
            + Slapd.CONSOLE_DN
            + "\nbindPasswordFile: "
            + passwordFile
            + "\nuserBase: "
            + Slapd.PEOPLE
            + "\nuserFilter: (objectClass=inetOrgPerson)\n"
            + "roles:\n  admin: "
            + Slapd.groupDn(ADMINS)
            + "\n  viewer:\n    - "
            + Slapd.groupDn(VIEWERS)
            + "\n"
            + more);
    Files.setPosixFilePermissions(
        file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    return file;
  }

  /** A browser signed in: its session cookie and its pages' CSRF token. */
  private record Signed(String cookie, String csrf) {}

  private static HttpResponse<String> login(String user, String password) throws Exception {
    return ConsoleFixture.signIn(http, console.base, user, password);
  }

  private static Signed signIn(String user, String password) throws Exception {
    HttpResponse<String> r = login(user, password);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(303);
    String cookie =
        r.headers().allValues("Set-Cookie").stream()
            .filter(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "="))
            .findFirst()
            .orElseThrow()
            .split(";")[0];
    HttpResponse<String> page = get("/", cookie);
    Matcher csrf = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page.body());
    assertThat(csrf.find()).as(page.body()).isTrue();
    return new Signed(cookie, csrf.group(1));
  }

  private static HttpResponse<String> get(String path, String cookie) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + path)).header("Cookie", cookie).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Who the page header says is signed in: {@code ed (admin)}. */
  private static String who(Signed s) throws Exception {
    HttpResponse<String> page = get("/", s.cookie());
    Matcher who = Pattern.compile("id=\"who\">([^<]+)<").matcher(page.body());
    assertThat(who.find()).as(page.statusCode() + " " + page.body()).isTrue();
    return who.group(1);
  }

  /** The cluster page's Approve button, with what the page showed. */
  private static HttpResponse<String> approve(Signed s, String cluster) throws Exception {
    String revision = console.fleet.governance().cluster(cluster).revision();
    return http.send(
        HttpRequest.newBuilder(URI.create(console.base + "/clusters/" + cluster + "/approve"))
            .header("Cookie", s.cookie())
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "csrf="
                        + s.csrf()
                        + "&"
                        + DecisionBody.REVISION
                        + "="
                        + URLEncoder.encode(revision, StandardCharsets.UTF_8)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Adds or deletes ({@code change}) a member of a group, with the real ldapmodify. */
  private static void members(String change, String group, String uid) throws Exception {
    slapd.modify(
        "dn: "
            + Slapd.groupDn(group)
            + "\nchangetype: modify\n"
            + change
            + ": member\nmember: "
            + Slapd.personDn(uid)
            + "\n");
  }

  private static void addTo(String group, String uid) throws Exception {
    members("add", group, uid);
  }

  private static void removeFrom(String group, String uid) throws Exception {
    members("delete", group, uid);
  }

  private static List<ClusterSummary.Audit> audit() {
    return console.fleet.governance().audit(AuditRequest.ALL).events();
  }

  @Test
  @Order(1)
  void aUserAddedToTheAdminGroupSignsInAndDecidesAndOnceRemovedCannot() throws Exception {
    // ed is a viewer: it reads and cannot decide.
    Signed viewer = signIn("ed", ED_PASSWORD);
    assertThat(who(viewer)).isEqualTo("ed (viewer)");
    assertThat(approve(viewer, "alpha").statusCode()).isEqualTo(403);

    addTo(ADMINS, "ed");
    // A session never gains a role: the one signed in as a viewer stays one.
    assertThat(approve(viewer, "alpha").statusCode()).isEqualTo(403);
    assertThat(console.state("alpha")).isEqualTo(ClusterState.PENDING);
    Signed ed = signIn("ed", ED_PASSWORD);
    assertThat(who(ed)).isEqualTo("ed (admin)");
    HttpResponse<String> approved = approve(ed, "alpha");
    assertThat(approved.statusCode()).as(approved.body()).isEqualTo(303);
    assertThat(console.state("alpha")).isEqualTo(ClusterState.ACTIVE);
    assertThat(console.fleet.governance().cluster("alpha").decidedBy()).isEqualTo("ed");
    ClusterSummary.Audit signedIn =
        audit().stream()
            .filter(e -> e.action().equals("sign-in") && e.actor().equals("ed"))
            .reduce((first, second) -> second)
            .orElseThrow();
    assertThat(signedIn.surface()).isEqualTo("console");
    assertThat(signedIn.details().get("source").asText()).isEqualTo("ldap");
    assertThat(signedIn.details().get("role").asText()).isEqualTo("admin");
    assertThat(signedIn.details().get("groups").get(0).asText()).isEqualTo(Slapd.groupDn(ADMINS));

    // Taken out of the admin group: the very next decision asks the directory and is refused,
    // though its last answer for reads is not 5 minutes old.
    removeFrom(ADMINS, "ed");
    HttpResponse<String> refused = approve(ed, "beta");
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(refused.body())
        .contains("the directory, asked now, no longer puts ed in an admin group");
    assertThat(console.state("beta")).isEqualTo(ClusterState.PENDING);
    // Its session's role dropped with it: it reads as the viewer it is now.
    assertThat(who(ed)).isEqualTo("ed (viewer)");

    // Out of every group the console maps: the session ends at its next change.
    removeFrom(VIEWERS, "ed");
    HttpResponse<String> ended = approve(ed, "beta");
    assertThat(ended.statusCode()).as("a form's page goes to sign-in, saying why").isEqualTo(303);
    assertThat(ended.headers().firstValue("Location").orElseThrow()).startsWith("/login?ended");
    HttpResponse<String> again = login("ed", ED_PASSWORD);
    assertThat(again.statusCode()).isEqualTo(403);
    assertThat(console.state("beta")).isEqualTo(ClusterState.PENDING);
  }

  @Test
  @Order(2)
  void aViewerGroupUserReadsButCannotDecide() throws Exception {
    Signed victor = signIn("victor", OTHERS_PASSWORD);
    assertThat(who(victor)).isEqualTo("victor (viewer)");
    assertThat(get("/clusters/gamma", victor.cookie()).statusCode()).isEqualTo(200);
    assertThat(get("/api/v1/facility/fleet", victor.cookie()).statusCode()).isEqualTo(200);
    HttpResponse<String> refused = approve(victor, "gamma");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(refused.body()).contains("needs the admin scope");
    assertThat(console.state("gamma")).isEqualTo(ClusterState.PENDING);
    // A directory user's password is the directory's: the console changes none.
    HttpResponse<String> own = get(SignIn.OWN_PASSWORD, victor.cookie());
    assertThat(own.body()).contains("Your password is the directory's");
  }

  @Test
  @Order(3)
  void aUserInNoMappedGroupIsRefusedSayingSo() throws Exception {
    HttpResponse<String> r = login("nora", OTHERS_PASSWORD);
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body())
        .contains("the directory knows 'nora' but puts it in none of this console's groups")
        .contains(Slapd.groupDn(ADMINS));
    assertThat(r.headers().allValues("Set-Cookie"))
        .noneMatch(c -> c.startsWith(ConsoleServer.SESSION_COOKIE + "="));
  }

  @Test
  @Order(4)
  void wrongAndEmptyPasswordsAndInjectedNamesSignNobodyIn() throws Exception {
    assertThat(login("dora", "not dora's password").statusCode()).isEqualTo(401);
    // A DN and no password is an anonymous bind, which slapd lets through: refused before.
    assertThat(login("dora", "").statusCode()).isEqualTo(401);
    for (String name :
        List.of(
            "*",
            "*)(uid=*",
            "dora)(|(uid=*",
            "*)(|(objectClass=*",
            "dor*",
            "dora\\2a",
            "uid=dora," + Slapd.PEOPLE,
            "dora)(objectClass=*)")) {
      HttpResponse<String> r = login(name, DORA_PASSWORD);
      assertThat(r.statusCode()).as(name).isEqualTo(401);
      assertThat(r.body()).as(name).contains("Wrong user or password.");
    }
    assertThat(audit()).noneMatch(e -> e.action().equals("sign-in") && e.actor().contains("*"));
    assertThat(login("dora", DORA_PASSWORD).statusCode()).isEqualTo(303);
  }

  @Test
  @Order(5)
  void aLocalUserOfTheSameNameIsTheOneThatSignsIn() throws Exception {
    // ann is in the directory's admin group too; the console's own ann wins, with its password.
    assertThat(login("ann", OTHERS_PASSWORD).statusCode()).isEqualTo(401);
    assertThat(login("ANN", OTHERS_PASSWORD).statusCode()).isEqualTo(401);
    Signed ann = signIn("ann", ConsoleFixture.PASSWORD);
    assertThat(who(ann)).isEqualTo("ann (admin)");
  }

  @Test
  @Order(6)
  void aJenkinsDecisionForADirectoryAdminAsksTheDirectoryNow() throws Exception {
    String token = console.token(ConsoleFixture.ADMIN, TokenScope.READ, TokenScope.ON_BEHALF);
    HttpResponse<String> decided = decideFor("delta", "olga", token);
    assertThat(decided.statusCode()).as(decided.body()).isEqualTo(200);
    assertThat(console.fleet.governance().cluster("delta").decidedBy()).isEqualTo("olga");
    removeFrom(ADMINS, "olga");
    HttpResponse<String> refused = decideFor("epsilon", "olga", token);
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(403);
    assertThat(refused.body()).contains("is not an admin of this console");
    assertThat(console.state("epsilon")).isEqualTo(ClusterState.PENDING);
    // The demoted admin's decision is on the trail as refused, with the token that vouched.
    var forged =
        console.refused().stream()
            .filter(e -> e.details().get("why").asText().equals("not-an-admin"))
            .toList();
    assertThat(forged).hasSize(1);
    assertThat(forged.get(0).actor()).isEqualTo("olga");
    assertThat(forged.get(0).details().get("what").asText()).endsWith("/epsilon/approve-for");
    assertThat(forged.get(0).details().get("token").asText()).startsWith("'");
  }

  private static HttpResponse<String> decideFor(String cluster, String user, String token)
      throws Exception {
    String revision = console.fleet.governance().cluster(cluster).revision();
    return http.send(
        HttpRequest.newBuilder(
                URI.create(
                    console.base + "/api/v1/facility/central/clusters/" + cluster + "/approve-for"))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .header("X-Examlops-Surface", "jenkins:fleet-governance#7")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"user\": \"" + user + "\", \"revision\": \"" + revision + "\"}"))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  @Order(7)
  void ldapsAndPosixGroupsNamingMembersByUid() throws Exception {
    DirectorySettings ldaps =
        settings("url: " + slapd.ldapsUrl() + "\n", "membership: memberUid\n", Map.of());
    // pat is only in a posixGroup: mapped as the admins here.
    DirectorySettings posix =
        new DirectorySettings(
            ldaps.file(),
            ldaps.url(),
            false,
            ldaps.trusted(),
            ldaps.bindDn(),
            ldaps.bindPassword(),
            ldaps.userBase(),
            ldaps.userFilter(),
            ldaps.userAttribute(),
            DirectorySettings.Membership.MEMBER_UID,
            List.of(Slapd.groupDn("hpc-posix")),
            List.of(),
            ldaps.checkInterval(),
            ldaps.timeout());
    var access = console.fleet.access().withDirectory(posix);
    Optional<Credential> pat = access.signIn("console", "pat", OTHERS_PASSWORD.toCharArray());
    assertThat(pat).isPresent();
    assertThat(pat.get().role()).isEqualTo(Role.ADMIN);
    assertThat(pat.get().directory()).isTrue();
    assertThat(access.grounds(pat.get(), true)).map(Credential::role).contains(Role.ADMIN);
    assertThat(access.signIn("console", "pat", "wrong".toCharArray())).isEmpty();
    assertThat(access.directoryProblems()).isEmpty();
  }

  @Test
  @Order(8)
  void aCertificateThatIsNotTrustedOrNamesAnotherHostIsRefused() throws Exception {
    Path noCa = dir.resolve("no-ca.yaml");
    DirectorySettings trusted = settings("url: " + slapd.ldapsUrl() + "\n", "", Map.of());
    DirectorySettings untrusted =
        new DirectorySettings(
            noCa,
            trusted.url(),
            false,
            List.of(),
            trusted.bindDn(),
            trusted.bindPassword(),
            trusted.userBase(),
            trusted.userFilter(),
            trusted.userAttribute(),
            trusted.membership(),
            trusted.adminGroups(),
            trusted.viewerGroups(),
            trusted.checkInterval(),
            trusted.timeout());
    assertThatThrownBy(
            () ->
                console
                    .fleet
                    .access()
                    .withDirectory(untrusted)
                    .signIn("console", "dora", DORA_PASSWORD.toCharArray()))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONNECT_FAILED))
        .hasMessageContaining("TLS with the directory");
    // The certificate names 127.0.0.1 only: reached as localhost, over LDAPS or StartTLS, it is
    // refused though its CA is trusted.
    for (String connection :
        List.of(
            "url: ldaps://localhost:" + slapd.ldapsPort() + "\n",
            "url: " + slapd.ldapUrl().replace("127.0.0.1", "localhost") + "\nstartTls: true\n")) {
      DirectorySettings otherHost = settings(connection, "", Map.of());
      assertThatThrownBy(
              () ->
                  console
                      .fleet
                      .access()
                      .withDirectory(otherHost)
                      .signIn("console", "dora", DORA_PASSWORD.toCharArray()))
          .as(connection)
          .isInstanceOf(FleetException.class)
          .hasMessageContaining("TLS with the directory");
    }
    // Plain ldap:// (loopback only) binds in clear, which this slapd refuses: the sign-ins above
    // went over TLS.
    DirectorySettings clear = settings("url: " + slapd.ldapUrl() + "\n", "", Map.of());
    assertThatThrownBy(
            () ->
                console
                    .fleet
                    .access()
                    .withDirectory(clear)
                    .signIn("console", "dora", DORA_PASSWORD.toCharArray()))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("refuses password binds over this connection");
  }

  @Test
  @Order(9)
  void withTheDirectoryDownNobodyDecidesOnItsOldWordAndTheLocalAdminStillWorks() throws Exception {
    Signed dora = signIn("dora", DORA_PASSWORD);
    assertThat(who(dora)).isEqualTo("dora (admin)");
    slapd.stop();
    try {
      HttpResponse<String> refused = approve(dora, "gamma");
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
      assertThat(refused.body()).contains("cannot be asked");
      assertThat(console.state("gamma")).isEqualTo(ClusterState.PENDING);
      HttpResponse<String> noSignIn = login("dora", DORA_PASSWORD);
      assertThat(noSignIn.statusCode()).isEqualTo(502);
      assertThat(noSignIn.body())
          .contains("cannot be asked now")
          .contains("Local users can still sign in")
          .doesNotContain(Slapd.CONSOLE_DN);
      // The break-glass admin is the console's own: it needs no directory.
      Signed ann = signIn("ann", ConsoleFixture.PASSWORD);
      HttpResponse<String> approved = approve(ann, "gamma");
      assertThat(approved.statusCode()).as(approved.body()).isEqualTo(303);
      assertThat(console.state("gamma")).isEqualTo(ClusterState.ACTIVE);
    } finally {
      slapd.start();
    }
    assertThat(who(dora)).isEqualTo("dora (admin)");
  }

  /** The real {@code exa console --ldap FILE}, in a process of its own. */
  @Test
  @Order(10)
  void exaConsoleReadsItsLdapSettingsSaysSoAndSignsDirectoryUsersIn() throws Exception {
    Path file = settingsFile("url: " + slapd.ldapUrl() + "\nstartTls: true\n", "");
    Path stores = Files.createDirectories(dir.resolve("process"));
    Process process =
        ConsoleFixture.startConsole(
            ConsoleFixture.storesIn(stores, "root"), "--port", "0", "--ldap", file.toString());
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
              "Directory users sign in too: "
                  + slapd.ldapUrl()
                  + " (StartTLS) (admins: "
                  + Slapd.groupDn(ADMINS)
                  + "; viewers: "
                  + Slapd.groupDn(VIEWERS)
                  + ")")
          .noneMatch(l -> l.contains("directory users cannot sign in"));
      Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/").matcher(line);
      assertThat(port.find()).as(line).isTrue();
      HttpResponse<String> signedIn =
          ConsoleFixture.signIn(http, "http://127.0.0.1:" + port.group(1), "dora", DORA_PASSWORD);
      assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(303);
    } finally {
      new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor();
      if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }

  /** A settings file with a mistake stops exa console before it listens, saying where. */
  @Test
  @Order(11)
  void exaConsoleRefusesBadLdapSettingsBeforeItStarts() throws Exception {
    Path file = settingsFile("url: ldap://ldap.example.org\n", "");
    io.examlops.fleet.cli.ExaRun refused =
        io.examlops.fleet.cli.ExaRun.run(
            ConsoleFixture.storesIn(Files.createDirectories(dir.resolve("refused")), "root"),
            "console",
            "--port",
            "0",
            "--ldap",
            file.toString());
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
    assertThat(refused.err())
        .contains("the directory settings " + file + ": url")
        .contains("in clear");
  }
}
