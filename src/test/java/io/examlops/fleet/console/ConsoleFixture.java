package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.ClustersFile;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.settings.DirectorySettings;
import io.examlops.fleet.settings.OpenIdSettings;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testing.TestFleets;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A real console on a free loopback port, over real clusters.yaml and platform.db files in a
 * temporary directory, with two mock clusters PENDING and users ann (admin), vic (viewer).
 */
public final class ConsoleFixture implements AutoCloseable {
  static final String ADMIN = "ann";
  static final String VIEWER = "vic";
  static final String PASSWORD = "a long test password";
  static final Actor SETUP = new Actor("setup", Actor.CLI);

  final Path dir;
  final Map<String, String> env;
  final Fleet fleet;
  final ConsoleServer server;
  final String base;

  ConsoleFixture(Path dir, String... clusters) {
    this(dir, McpOptions.READ_ONLY, Clock.systemUTC(), clusters);
  }

  /** The console with {@code mcp} as what MCP clients may do at /mcp. */
  ConsoleFixture(Path dir, McpOptions mcp, String... clusters) {
    this(dir, mcp, Clock.systemUTC(), clusters);
  }

  /** The console on {@code clock}, its services' and its own. */
  ConsoleFixture(Path dir, Clock clock, String... clusters) {
    this(dir, McpOptions.READ_ONLY, clock, clusters);
  }

  /** The console sending notifications as {@code notifications} say. */
  ConsoleFixture(
      Path dir, io.examlops.fleet.console.notify.NotifySettings notifications, String... clusters) {
    this(dir, McpOptions.READ_ONLY, Clock.systemUTC(), notifications, null, null, clusters);
  }

  /** The console signing in users of {@code directory} too. */
  ConsoleFixture(Path dir, DirectorySettings directory, String... clusters) {
    this(dir, McpOptions.READ_ONLY, Clock.systemUTC(), null, directory, null, clusters);
  }

  /** The console on {@code clock} signing in users of the OpenID Provider {@code provider} too. */
  ConsoleFixture(Path dir, Clock clock, OpenIdSettings provider, String... clusters) {
    this(dir, McpOptions.READ_ONLY, clock, null, null, provider, clusters);
  }

  private ConsoleFixture(Path dir, McpOptions mcp, Clock clock, String... clusters) {
    this(dir, mcp, clock, null, null, null, clusters);
  }

  private ConsoleFixture(
      Path dir,
      McpOptions mcp,
      Clock clock,
      io.examlops.fleet.console.notify.NotifySettings notifications,
      DirectorySettings directory,
      OpenIdSettings provider,
      String... clusters) {
    this.dir = dir;
    this.env = storesIn(dir, "setup");
    this.fleet = Fleet.of(TestFleets.settings(env), clock);
    for (String name : clusters) {
      fleet.governance().connect(SETUP, new ConnectRequest(name, HostTarget.of("local"), "mock"));
    }
    fleet.access().addUser(SETUP, ADMIN, Role.ADMIN, PASSWORD.toCharArray());
    fleet.access().addUser(SETUP, VIEWER, Role.VIEWER, PASSWORD.toCharArray());
    this.server =
        new ConsoleServer(
            fleet,
            new ConsoleSettings(
                "127.0.0.1",
                0,
                Duration.ofMinutes(5),
                false,
                null,
                mcp,
                notifications,
                directory,
                provider),
            clock);
    this.base = "http://127.0.0.1:" + server.start();
  }

  /**
   * Signs in as a browser does: the sign-in page first (its pre-session cookie and the form's
   * token), then the form. Returns the form's answer.
   */
  static java.net.http.HttpResponse<String> signIn(
      java.net.http.HttpClient http, String base, String user, String password)
      throws IOException, InterruptedException {
    java.net.http.HttpResponse<String> page =
        http.send(
            java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/login")).build(),
            java.net.http.HttpResponse.BodyHandlers.ofString());
    String cookie =
        page.headers().allValues("Set-Cookie").stream()
            .filter(c -> c.startsWith(SignIn.FORM_COOKIE + "="))
            .findFirst()
            .orElseThrow()
            .split(";")[0];
    java.util.regex.Matcher token =
        java.util.regex.Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(page.body());
    if (!token.find()) {
      throw new AssertionError("the sign-in page has no form token: " + page.body());
    }
    return http.send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + "/login"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .header("Cookie", cookie)
            .POST(
                java.net.http.HttpRequest.BodyPublishers.ofString(
                    "csrf="
                        + token.group(1)
                        + "&user="
                        + java.net.URLEncoder.encode(user, java.nio.charset.StandardCharsets.UTF_8)
                        + "&password="
                        + java.net.URLEncoder.encode(
                            password, java.nio.charset.StandardCharsets.UTF_8)))
            .build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
  }

  /** The environment of stores in {@code dir}, {@code actor} acting (PATH kept: the mock runs). */
  static Map<String, String> storesIn(Path dir, String actor) {
    return Map.of(
        "HOME", dir.toString(),
        "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
        "EXAMLOPS_PLATFORM_DB", dir.resolve("platform.db").toString(),
        "EXAMLOPS_ACTOR", actor,
        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  /** The environment of a home on the testbed: its known hosts, the acting user alice. */
  static Map<String, String> testbedHome(Path home, Testbed testbed) {
    return Map.of(
        "HOME", home.toString(),
        "EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString(),
        "EXAMLOPS_DATA_DIR", home.resolve("data").toString(),
        "EXAMLOPS_HPC_SSH_KNOWN_HOSTS", testbed.knownHosts().toString(),
        "EXAMLOPS_ACTOR", "alice",
        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  /** The real {@code exa console ARGS} in a process of its own; stdout and stderr merged. */
  static Process startConsole(Map<String, String> env, String... args) throws IOException {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                // Ctrl-C must reach it however the tests were started: a background job without
                // job control (nohup, some CI agents) ignores SIGINT, and so would the console.
                "env",
                "--default-signal=INT",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                io.examlops.fleet.cli.Exa.class.getName(),
                "console"));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().putAll(env);
    return builder.start();
  }

  /** A job of {@code user}'s waiting in partition gpu for its begin time, as squeue lists it. */
  static QueueEntry waiting(String id, String name) {
    return new QueueEntry(
        SlurmAdapter.KIND,
        id,
        name,
        "hpcuser",
        JobState.PENDING,
        "PENDING",
        "gpu",
        1,
        1,
        2,
        java.time.Duration.ZERO,
        "BeginTime",
        null);
  }

  /**
   * Registers and approves a Slurm cluster over SSH whose port has no server, so that the console
   * shows what its stores hold for it and nothing answers if a page asked the cluster.
   */
  public static void approveUnreachableSlurm(
      Path dir, Map<String, String> env, Fleet fleet, String name)
      throws IOException, InterruptedException {
    approveSlurmAt(dir, env, fleet, name, 1);
  }

  /** Registers and approves a Slurm cluster over SSH at this loopback port, with a fresh key. */
  static void approveSlurmAt(Path dir, Map<String, String> env, Fleet fleet, String name, int port)
      throws IOException, InterruptedException {
    Path key = dir.resolve("id_ed25519_" + name);
    Process keygen =
        new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString())
            .redirectErrorStream(true)
            .start();
    if (keygen.waitFor() != 0) {
      throw new IllegalStateException(
          "ssh-keygen failed: " + new String(keygen.getInputStream().readAllBytes()));
    }
    new ClustersFile(Path.of(env.get("EXAMLOPS_HPC_REGISTRY")), TestFleets.settings(env).home())
        .upsert(
            ClusterDefinition.ssh(
                name,
                SlurmAdapter.KIND,
                "127.0.0.1",
                "hpcuser",
                key.toString(),
                port,
                "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    fleet.governance().approve(SETUP, new ApproveRequest(name));
  }

  /** Records a snapshot of {@code name} with {@code queue}, as the refresher would have. */
  void recordQueue(String name, List<NodeInfo> nodes, QueueRead queue) {
    ClusterRegistry.open(TestFleets.settings(env), Clock.systemUTC())
        .saveSnapshot(name, nodes, queue, Refresher.AS);
  }

  String token(String owner, TokenScope... scopes) {
    return fleet
        .access()
        .createToken(SETUP, owner, "test-" + owner, EnumSet.of(scopes[0], scopes))
        .secret();
  }

  /**
   * An agent of this console (central mode): services on {@code home}, which holds no registry and
   * no key, working through the console with {@code token}.
   */
  Fleet agent(Path home, String token) {
    return TestFleets.fleet(
        Map.of(
            "HOME",
            home.toString(),
            "PATH",
            System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
            "EXAMLOPS_SERVER",
            base,
            "EXAMLOPS_TOKEN",
            token));
  }

  /** The cluster's state as the stores have it now. */
  io.examlops.fleet.model.ClusterState state(String name) {
    return fleet.governance().clusters().clusters().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow()
        .state();
  }

  @Override
  public void close() {
    server.close();
  }

  /** The refused attempts on the trail, oldest first. */
  java.util.List<io.examlops.fleet.governance.ClusterSummary.Audit> refused() {
    return fleet
        .governance()
        .audit(
            new io.examlops.fleet.governance.AuditRequest(
                null, null, "refused", false, null, null, 0, null))
        .events();
  }
}
