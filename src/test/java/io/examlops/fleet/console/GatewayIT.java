package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.TestFleets;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console as the fleet's gateway on the real testbed (OpenSSH, Slurm): a real {@code exa
 * console} holds the cluster's key and known hosts; agents are real {@code exa} processes on a home
 * with no key, no known_hosts and no registry, with a token. They submit, wait, read output and
 * cancel through it; an agent killed with SIGKILL while it waits leaves a job the console cancels
 * once the lease lapsed (short lease settings there: renew 1 s, lapse 3 s, grace 1 s); a console
 * killed with SIGKILL and restarted finds the job again and the agent's wait goes on to its end (a
 * lapse of 2 min there, the default: an agent waits that long for its console to come back).
 */
class GatewayIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, String> LEASES =
      Map.of(
          "EXAMLOPS_LEASE_RENEW", "1s",
          "EXAMLOPS_LEASE_LAPSE", "2m",
          "EXAMLOPS_LEASE_GRACE", "1s");
  private static final Map<String, String> SHORT_LEASES =
      Map.of(
          "EXAMLOPS_LEASE_RENEW", "1s",
          "EXAMLOPS_LEASE_LAPSE", "3s",
          "EXAMLOPS_LEASE_GRACE", "1s");

  @TempDir static Path dir;
  private static Map<String, String> fleet;
  private static String token;
  private static String gpuOnlyToken;

  private Path agentHome;
  private int port;
  private Process console;
  private int consoles;
  private Map<String, String> leases = LEASES;

  @BeforeAll
  static void anApprovedSlurmClusterAndAToken() {
    Path home = dir.resolve("fleet");
    TestbedFleet admin =
        TestbedFleet.in(home)
            .with("HOME", home.toString())
            .with("EXAMLOPS_ACTOR", "admin")
            .connectSlurm("tc")
            .approve("tc")
            .saveNodes("tc");
    fleet = admin.env();
    fleet.remove("EXAMLOPS_ACTOR");
    var access = TestFleets.fleet(fleet).access();
    Actor setup = Actor.cli("admin");
    access.addUser(setup, "ci", Role.VIEWER, "a long ci password".toCharArray());
    token =
        access
            .createToken(setup, "ci", "agents", EnumSet.of(TokenScope.READ, TokenScope.SUBMIT))
            .secret();
    gpuOnlyToken =
        access
            .createToken(
                setup,
                "ci",
                "gpu-only",
                EnumSet.of(TokenScope.READ, TokenScope.SUBMIT),
                new TokenLimits(
                    Set.of("tc"), Set.of("gpu"), 2, null, BigDecimal.ONE, TokenLimits.Period.DAY))
            .secret();
  }

  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    TestbedStates.awaitOnlyTheHolds(fleet);
  }

  @BeforeEach
  void aConsoleAndAnEmptyAgent() throws Exception {
    agentHome = Files.createDirectories(dir.resolve("agent-" + System.nanoTime()));
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    startConsole();
  }

  @AfterEach
  void stopConsoleAndItsJobs() throws Exception {
    console.destroyForcibly();
    console.waitFor(30, TimeUnit.SECONDS);
    // what a failed test left running would hold the testbed's nodes from the tests after it
    Process scancel =
        new ProcessBuilder("scancel", "-u", "hpcuser", "-n", "gateway-sleep,orphan,resumable")
            .inheritIO()
            .start();
    scancel.waitFor(30, TimeUnit.SECONDS);
  }

  /** {@code exa console} on the fleet's home and the test's port, with the test's leases. */
  private void startConsole() throws Exception {
    Map<String, String> env = new HashMap<>(fleet);
    env.putAll(leases);
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    Path err = dir.resolve("console-" + port + "-" + consoles++ + ".err");
    console = ExaProcess.with(env).start(err, "console", "--port", Integer.toString(port));
    BufferedReader out =
        new BufferedReader(new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.contains("listening on")) {
        Thread drain = new Thread(() -> out.lines().forEach(l -> {}));
        drain.setDaemon(true);
        drain.start();
        return;
      }
    }
    throw new AssertionError("the console did not start: " + Files.readString(err));
  }

  private void restartConsoleWith(Map<String, String> settings) throws Exception {
    console.destroyForcibly();
    assertThat(console.waitFor(30, TimeUnit.SECONDS)).isTrue();
    leases = settings;
    startConsole();
  }

  /** {@code exa} on the agent: its own home only, the console's address and the token. */
  private ExaProcess agent() {
    return agent(token);
  }

  private ExaProcess agent(String withToken) {
    Map<String, String> env = new HashMap<>(leases);
    env.put("HOME", agentHome.toString());
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("EXAMLOPS_SERVER", "http://127.0.0.1:" + port);
    env.put("EXAMLOPS_TOKEN", withToken);
    env.put("EXAMLOPS_SURFACE", "jenkins:ml/train#1");
    return ExaProcess.with(env);
  }

  private Path script(String name, String body) throws IOException {
    Path script = dir.resolve(name);
    Files.writeString(script, "#!/bin/bash\n" + body + "\n");
    return script;
  }

  private static final String[] ON_TC_GPU = {
    "hpc", "submit", "--cluster", "tc", "--partition", "gpu", "--gpus", "1"
  };

  private static String[] submit(String... more) {
    String[] args = new String[ON_TC_GPU.length + more.length];
    System.arraycopy(ON_TC_GPU, 0, args, 0, ON_TC_GPU.length);
    System.arraycopy(more, 0, args, ON_TC_GPU.length, more.length);
    return args;
  }

  private JsonNode job(long id) {
    try {
      return find(id, agent().run("--json", "hpc", "jobs"));
    } catch (IOException | InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  private static JsonNode find(long id, ExaProcess.Result shown) throws IOException {
    assertThat(shown.exitCode()).as(shown.err()).isZero();
    for (JsonNode j : JSON.readTree(shown.out()).get("jobs")) {
      if (j.get("id").asLong() == id) {
        return j;
      }
    }
    throw new AssertionError("no job " + id + " in " + shown.out());
  }

  /** Waits (giving up after 3 minutes: the CI machine may be busy) until the job's record does. */
  private JsonNode await(long id, Predicate<JsonNode> until, String what) {
    JsonNode[] last = {null};
    Eventually.waitUntil(
        what + "; the job is " + id, Duration.ofMinutes(3), () -> until.test(last[0] = job(id)));
    return last[0];
  }

  private static String state(JsonNode job) {
    return job.get("state").asText();
  }

  @Test
  void anAgentWithNoKeyAndNoKnownHostsSubmitsWaitsReadsLogsAndCancelsThroughTheConsole()
      throws Exception {
    Path ok = script("gateway-ok.sh", "echo gateway-ok on $(hostname)");

    ExaProcess.Result waited = agent().run(submit("--wait", "--log", "--json", ok.toString()));

    assertThat(waited.exitCode()).as(waited.all()).isZero();
    JsonNode submitted = JSON.readTree(waited.out()).get("job");
    assertThat(submitted.get("state").asText()).isEqualTo("completed");
    assertThat(submitted.get("submittedBy").asText()).isEqualTo("ci");
    assertThat(waited.err()).contains("gateway-ok on");
    String id = "#" + submitted.get("id").asLong();
    ExaProcess.Result logs = agent().run("hpc", "logs", id);
    assertThat(logs.exitCode()).as(logs.all()).isZero();
    assertThat(logs.out()).contains("gateway-ok on");

    Path sleeper = script("gateway-sleep.sh", "sleep 300");
    ExaProcess.Result detached = agent().run(submit("--detach", "--json", sleeper.toString()));
    assertThat(detached.exitCode()).as(detached.all()).isZero();
    long running = JSON.readTree(detached.out()).get("job").get("id").asLong();
    await(running, j -> state(j).equals("running"), "the job starts");
    ExaProcess.Result cancelled = agent().run("--json", "hpc", "cancel", "#" + running);
    assertThat(cancelled.exitCode()).as(cancelled.all()).isZero();
    await(running, j -> state(j).equals("cancelled"), "the job is cancelled on Slurm");

    try (Stream<Path> files = Files.walk(agentHome)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .as("the agent holds no key, no known_hosts and no registry")
          .doesNotContain(
              ".ssh", "known_hosts", "id_ed25519", "platform.db", "clusters.yaml", "mock-jobs");
    }
  }

  @Test
  void aTokenLimitedToOnePartitionIsRefusedAnotherAndAnOverBudgetJobBeforeSlurmSeesEither()
      throws Exception {
    Path job = script("limited.sh", "echo limited");
    ExaProcess limited = agent(gpuOnlyToken);

    ExaProcess.Result preflight =
        limited.run("--json", "hpc", "preflight", "tc", "--partition", "gpu", "--gpus", "1");
    assertThat(preflight.out()).as(preflight.all()).contains("\"TOKEN\"");
    assertThat(preflight.out()).contains("1 of 1 GPU-hours this day left");

    ExaProcess.Result otherPartition =
        limited.run(
            "hpc",
            "submit",
            "--cluster",
            "tc",
            "--partition",
            "cpu",
            "--gpus",
            "0",
            job.toString());
    assertThat(otherPartition.exitCode()).as(otherPartition.all()).isNotZero();
    assertThat(otherPartition.err())
        .contains("token 'gpu-only'", "may use partitions gpu (rule partitions), not cpu");

    ExaProcess.Result overBudget = limited.run(submit("--time", "2:00:00", job.toString()));
    assertThat(overBudget.exitCode()).as(overBudget.all()).isNotZero();
    assertThat(overBudget.err()).contains("1 GPU-hours a day (rule gpu-hours)", "2 asked");

    JsonNode jobs = JSON.readTree(agent().run("--json", "hpc", "jobs").out()).get("jobs");
    assertThat(jobs.findValuesAsText("name")).doesNotContain("limited.sh", "limited");

    ExaProcess.Result within = limited.run(submit("--time", "0:10:00", "--wait", job.toString()));
    assertThat(within.exitCode()).as(within.all()).isZero();
  }

  @Test
  void anAgentKilledWhileWaitingLeavesAJobTheConsoleCancelsOnceItsLeaseLapsed() throws Exception {
    restartConsoleWith(SHORT_LEASES);
    Path sleeper = script("orphan.sh", "sleep 300");
    Path err = dir.resolve("orphan-agent.err");
    Process waiting = agent().start(err, submit("--wait", sleeper.toString()));
    long id = awaitFollowed(err);
    await(id, j -> state(j).equals("running"), "the job starts");

    waiting.destroyForcibly(); // SIGKILL: no shutdown hook cancels anything
    assertThat(waiting.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(state(job(id))).isEqualTo("running");

    JsonNode cancelled = await(id, j -> state(j).equals("cancelled"), "the console cancels it");
    assertThat(cancelled.get("schedulerJobId").asText()).isNotBlank();
  }

  @Test
  void aConsoleKilledAndRestartedFindsTheJobAndTheAgentsWaitGoesOnToItsEnd() throws Exception {
    // where the job, run as the cluster's user, can see it: not under the test's private directory
    Path flags = Files.createTempDirectory("exa-gateway-it");
    Files.setPosixFilePermissions(flags, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path go = flags.resolve("go");
    Path resumable =
        script(
            "resumable.sh",
            "while [ ! -e " + go + " ]; do sleep 0.5; done\necho resumed after the restart");
    Path err = dir.resolve("resumable-agent.err");
    Process waiting = agent().start(err, submit("--wait", "--log", resumable.toString()));
    long id = awaitFollowed(err);
    await(id, j -> state(j).equals("running"), "the job starts");

    console.destroyForcibly();
    assertThat(console.waitFor(30, TimeUnit.SECONDS)).isTrue();
    startConsole();
    Files.writeString(go, "go");

    assertThat(waiting.waitFor(3, TimeUnit.MINUTES)).as(Files.readString(err)).isTrue();
    assertThat(waiting.exitValue()).as(Files.readString(err)).isZero();
    assertThat(Files.readString(err)).contains("resumed after the restart");
    assertThat(state(job(id))).isEqualTo("completed");
  }

  /** The fleet id of the job the agent says it follows ("exa: following job 12 (tc 345) ..."). */
  private static long awaitFollowed(Path err) {
    java.util.regex.Pattern following =
        java.util.regex.Pattern.compile("exa: following job (\\d+) ");
    java.util.regex.Matcher[] m = {null};
    Eventually.waitUntil(
        "the agent says which job it follows",
        Duration.ofMinutes(3),
        () -> (m[0] = following.matcher(read(err))).find());
    return Long.parseLong(m[0].group(1));
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
