package io.examlops.fleet.jenkins;

import static io.examlops.fleet.testbed.TestbedFleet.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared library's steps in the stand-in Jenkins, driving the real {@code exa} of the release
 * archive (its bin/exa and vars/) against the real Slurm + SSH testbed, registered and approved as
 * cluster "tc" with the testbed's key. Builds log in with a Jenkins credential holding that key,
 * handed over by {@code withCredentials} as Jenkins does.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class JenkinsStepsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PASSPHRASE = "correct horse battery staple";
  @TempDir static Path dir;
  private static Testbed testbed;
  private static Path release;
  private static Map<String, String> fleet;
  private static SshCredential approved;
  private static SshCredential approvedWithPassphrase;
  private static int builds;

  @BeforeAll
  static void anApprovedSlurmClusterAndAnInstalledRelease() throws Exception {
    release = Release.unpackInto(Files.createDirectories(dir.resolve("opt")));
    Path home = Files.createDirectories(dir.resolve("home"));
    TestbedFleet admin =
        TestbedFleet.in(home)
            .with("HOME", home.toString())
            .with("EXAMLOPS_ACTOR", "admin")
            .connectSlurm("tc")
            .approve("tc")
            .saveNodes("tc");
    testbed = admin.testbed();
    fleet = admin.env();
    fleet.remove("EXAMLOPS_ACTOR");

    String key = Files.readString(testbed.key());
    approved = new SshCredential(Testbed.USER, key, null);
    // the same key, protected by a passphrase (as many teams store theirs in Jenkins)
    Path locked = dir.resolve("locked_ed25519");
    Files.writeString(locked, key);
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rw-------"));
    run("ssh-keygen", "-q", "-p", "-P", "", "-N", PASSPHRASE, "-f", locked.toString());
    approvedWithPassphrase = new SshCredential(Testbed.USER, Files.readString(locked), PASSPHRASE);
    assertThat(approvedWithPassphrase.privateKey()).isNotEqualTo(key);
  }

  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    TestbedStates.awaitOnlyTheHolds(fleet);
  }

  private static String run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(String.join(" ", command) + ": " + out).isZero();
    return out;
  }

  /** A new build on the agent: its own workspace, the agent's environment, the credentials. */
  private static Pipeline build() throws IOException {
    builds++;
    Map<String, String> env = new LinkedHashMap<>(fleet);
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("EXAMLOPS_EXA", release.resolve("bin/exa").toString());
    env.put("EXAMLOPS_CACHE_DIR", dir.resolve("cache").toString());
    env.put("JOB_NAME", "ml/train");
    env.put("BUILD_NUMBER", Integer.toString(builds));
    // one agent's own registry, as a one-person Jenkins (central mode is tested below)
    AgentWithExa.configure(release, AgentWithExa.LOCAL);
    return new Pipeline(release, dir.resolve("builds/" + builds + "/ws"), env)
        .withCredential("hpc-ssh", approved)
        .withCredential("hpc-ssh-locked", approvedWithPassphrase);
  }

  /**
   * The parameters of an hpcSubmit on tc's gpu partition: the script, the credential and, in pairs,
   * the step's other parameters.
   */
  private static Map<String, Object> onTcGpu(String script, String credentialsId, Object... more) {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("cluster", "tc");
    parameters.put("partition", "gpu");
    parameters.put("script", script);
    parameters.put("credentialsId", credentialsId);
    for (int i = 0; i < more.length; i += 2) {
      parameters.put((String) more[i], more[i + 1]);
    }
    return parameters;
  }

  private static JsonNode exaJson(String... args) throws Exception {
    return JSON.readTree(ok(ExaRun.run(fleet, args)).out());
  }

  @Test
  @Order(1)
  void preflightPassesFailsAndWarns() throws Exception {
    Pipeline pass = build();
    @SuppressWarnings("unchecked")
    Map<String, Object> checks =
        (Map<String, Object>)
            pass.step(
                "hpcPreflight",
                Map.of("cluster", "tc", "gpus", 1, "partition", "gpu", "credentialsId", "hpc-ssh"));
    assertThat(checks.get("passed")).isEqualTo(true);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> byName =
        (Map<String, Map<String, Object>>) checks.get("checks");
    assertThat(byName.get("approval")).containsEntry("status", "pass");
    assertThat(byName).containsKeys("host", "scheduler", "partition", "gpus", "idle", "account");
    assertThat(pass.log().text()).containsPattern("approval +pass").containsPattern("gpus +pass");

    Pipeline fail = build();
    assertThatThrownBy(
            () ->
                fail.step(
                    "hpcPreflight",
                    Map.of(
                        "cluster",
                        "tc",
                        "gpus",
                        9,
                        "partition",
                        "gpu",
                        "credentialsId",
                        "hpc-ssh")))
        .isInstanceOf(PipelineError.class)
        .hasMessageContaining("hpcPreflight: cluster tc failed 1 check(s): gpus: only 6 GPUs");

    // g1's 4 a100 are half in use (slurm-states.sh): 4 GPUs on one node would wait: a warning
    Map<String, Object> busy =
        Map.of(
            "cluster", "tc", "gpus", 4, "nodes", 1, "partition", "gpu", "credentialsId", "hpc-ssh");
    Pipeline lenient = build();
    lenient.step("hpcPreflight", busy);
    assertThat(lenient.result()).isEqualTo("SUCCESS");
    assertThat(lenient.log().text()).containsPattern("idle +warn");
    Pipeline strict = build();
    Map<String, Object> warnFails = new HashMap<>(busy);
    warnFails.put("failOn", "warn");
    strict.step("hpcPreflight", warnFails);
    assertThat(strict.result()).isEqualTo("UNSTABLE");
    assertThat(strict.log().text()).contains("WARNING: hpcPreflight: cluster tc warns: idle:");
  }

  @Test
  @Order(2)
  void placeChoosesAndExplainsOrFailsWithTheReasons() throws Exception {
    Pipeline pipeline = build();
    @SuppressWarnings("unchecked")
    Map<String, Object> where = (Map<String, Object>) pipeline.step("hpcPlace", Map.of("gpus", 2));
    assertThat(where).containsEntry("cluster", "tc").containsEntry("partition", "gpu");
    assertThat(where.get("explanation").toString()).startsWith("chose slurm@tc");
    assertThat(pipeline.log().text()).contains("hpcPlace: chose slurm@tc");

    assertThatThrownBy(() -> build().step("hpcPlace", Map.of("gpus", 2, "gpuType", "h100")))
        .isInstanceOf(PipelineError.class)
        .hasMessageContaining("hpcPlace: no cluster can take 2 GPU(s)")
        .hasMessageContaining("tc: ")
        .hasMessageContaining("h100");
  }

  /**
   * The job's output reaches the build log while the job runs; the build logs in with a
   * passphrase-protected key, and neither the key, its file's path nor the passphrase reach any
   * process's arguments or the log; the key file is gone after the step.
   */
  @Test
  @Order(3)
  void outputStreamsIntoTheLogWhileTheJobRunsAndTheKeyStaysSecret() throws Exception {
    Pipeline pipeline = build();
    JobGate gate = JobGate.in(Path.of("/home", Testbed.USER));
    // The job goes on past tick-1 when the test has seen it, not after a sleep it might miss.
    String script =
        "#!/bin/bash\necho tick-1\n" + gate.waitLine() + "echo tick-2\nsleep 1\necho tock\n";
    ExecutorService runner = Executors.newSingleThreadExecutor();
    ArgumentWatch watch =
        new ArgumentWatch(
            List.of(PASSPHRASE, "secretFiles", secretLineOf(approvedWithPassphrase.privateKey())));
    try (gate) {
      Future<Object> submitted =
          runner.submit(
              () ->
                  pipeline.step(
                      "hpcSubmit",
                      onTcGpu(
                          script,
                          "hpc-ssh-locked",
                          "gpus",
                          1,
                          "time",
                          "00:05:00",
                          "name",
                          "it-stream")));
      awaitLog(pipeline, "tick-1", 120);
      assertThat(submitted.isDone()).as("the step still waits for its job").isFalse();
      assertThat(pipeline.log().text()).doesNotContain("tock");
      gate.open();

      @SuppressWarnings("unchecked")
      Map<String, Object> result = (Map<String, Object>) submitted.get(120, TimeUnit.SECONDS);
      assertThat(result)
          .containsEntry("state", "completed")
          .containsEntry("exitCode", 0)
          .containsEntry("cluster", "tc")
          .containsEntry("reattached", false);
      assertThat(pipeline.log().text())
          .contains("tick-2")
          .contains("tock")
          .contains("hpcSubmit: job " + result.get("jobId") + " (tc ");
    } finally {
      runner.shutdownNow();
      watch.stop();
    }
    assertThat(watch.processesSeen()).as("processes sampled").isGreaterThan(10);
    assertThat(watch.leaks()).as("secrets in a process's arguments").isEmpty();
    String log = pipeline.log().text();
    assertThat(log)
        .doesNotContain(PASSPHRASE)
        .doesNotContain("secretFiles")
        .doesNotContain(secretLineOf(approvedWithPassphrase.privateKey()));
    assertThat(pipeline.keyFilesWritten())
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f).doesNotExist());
  }

  @Test
  @Order(4)
  void aFailingJobFailsTheStepWithItsExitCode() throws Exception {
    Pipeline pipeline = build();
    assertThatThrownBy(
            () ->
                pipeline.step(
                    "hpcSubmit",
                    onTcGpu(
                        "#!/bin/bash\necho about to fail\nexit 3\n",
                        "hpc-ssh",
                        "gpus",
                        1,
                        "name",
                        "it-fails")))
        .isInstanceOf(PipelineError.class)
        .hasMessageMatching("hpcSubmit: job \\d+ \\(tc \\d+\\) failed with exit code 3.*");
    assertThat(pipeline.log().text()).contains("about to fail");
  }

  @Test
  @Order(5)
  void anAbortDuringTheWaitCancelsTheJob() throws Exception {
    Pipeline pipeline = build();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<Object> submitted =
          runner.submit(
              () ->
                  pipeline.step(
                      "hpcSubmit",
                      onTcGpu(
                          "#!/bin/bash\necho started\nsleep 300\n",
                          "hpc-ssh",
                          "gpus",
                          1,
                          "name",
                          "it-abort")));
      awaitLog(pipeline, "started", 120);
      assertThat(queueNames()).contains("it-abort");

      pipeline.abort();

      assertThatThrownBy(() -> submitted.get(60, TimeUnit.SECONDS))
          .hasCauseInstanceOf(PipelineAborted.class);
    } finally {
      runner.shutdownNow();
    }
    assertThat(pipeline.log().text())
        .containsPattern("exa: interrupted: cancelled job \\d+ \\(tc \\d+\\)");
    Eventually.waitUntil(
        "it-abort gone from squeue",
        Duration.ofSeconds(60),
        () -> {
          try {
            return !queueNames().contains("it-abort");
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  @Test
  @Order(6)
  void aCredentialWithAnotherKeyIsRefusedWithBothFingerprints() throws Exception {
    Path other = dir.resolve("other_ed25519");
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", other.toString());
    String otherPrint = run("ssh-keygen", "-lf", other.toString()).split(" ")[1];
    String approvedPrint = run("ssh-keygen", "-lf", testbed.key().toString()).split(" ")[1];
    Pipeline pipeline =
        build()
            .withCredential(
                "stolen", new SshCredential(Testbed.USER, Files.readString(other), null));
    int before = exaJson("--json", "hpc", "jobs", "--no-refresh").get("jobs").size();

    assertThatThrownBy(() -> pipeline.step("hpcSubmit", onTcGpu("#!/bin/bash\ntrue\n", "stolen")))
        .isInstanceOf(PipelineError.class)
        .hasMessageContaining(otherPrint)
        .hasMessageContaining(approvedPrint)
        .hasMessageContaining("not-approved");
    assertThat(exaJson("--json", "hpc", "jobs", "--no-refresh").get("jobs").size())
        .isEqualTo(before);

    // The credential's username is never bound (Jenkins would mask a username marked secret in
    // the whole log): exa logs in as the approved user, and the word stays readable in the output
    Pipeline otherUser =
        build()
            .withCredential(
                "other-user", new SshCredential("training", approved.privateKey(), null));
    otherUser.step(
        "hpcSubmit", onTcGpu("#!/bin/bash\necho \"training as $(whoami)\"\n", "other-user"));
    assertThat(otherUser.log().text()).contains("training as " + Testbed.USER);

    // an admin approving with a credential in the environment still pins clusters.yaml's key
    Map<String, String> admin = new HashMap<>(fleet);
    admin.put("EXAMLOPS_ACTOR", "admin");
    admin.put("EXAMLOPS_HPC_CREDENTIAL_KEY", other.toString());
    JsonNode approval =
        JSON.readTree(ok(ExaRun.run(admin, "--json", "hpc", "approve", "tc")).out());
    assertThat(approval.get("pinned").get("keyFingerprint").asText()).isEqualTo(approvedPrint);
  }

  @Test
  @Order(7)
  void aRetriedStageOfTheSameBuildReattaches() throws Exception {
    // The job runs until the retry has re-attached to it, not for a time the retry might miss.
    JobGate gate = JobGate.in(Path.of("/home", Testbed.USER));
    Map<String, Object> stage =
        onTcGpu(
            "#!/bin/bash\necho once\n" + gate.waitLine(),
            "hpc-ssh",
            "gpus",
            1,
            "name",
            "it-tagged",
            "tag",
            "train");
    stage.put("wait", false);
    @SuppressWarnings("unchecked")
    Pipeline attempt = build();
    Map<String, Object> first = (Map<String, Object>) attempt.step("hpcSubmit", stage);
    assertThat(first).containsEntry("reattached", false);

    stage.put("wait", true);
    Pipeline retry = attempt; // the same build: a retry of its stage
    ExecutorService runner = Executors.newSingleThreadExecutor();
    Map<String, Object> again;
    try (gate) {
      Future<Object> retried = runner.submit(() -> retry.step("hpcSubmit", stage));
      awaitLog(retry, "re-attached to job " + first.get("jobId"), 120);
      gate.open();
      @SuppressWarnings("unchecked")
      Map<String, Object> answer = (Map<String, Object>) retried.get(120, TimeUnit.SECONDS);
      again = answer;
    } finally {
      runner.shutdownNow();
    }
    assertThat(again)
        .containsEntry("reattached", true)
        .containsEntry("jobId", first.get("jobId"))
        .containsEntry("state", "completed");
    assertThat(retry.log().text())
        .contains("re-attached to job " + first.get("jobId"))
        .contains("once");
    List<String> names = new ArrayList<>();
    exaJson("--json", "hpc", "jobs", "--no-refresh")
        .get("jobs")
        .forEach(j -> names.add(j.get("name").asText()));
    assertThat(names.stream().filter("it-tagged"::equals)).hasSize(1);
  }

  @Test
  @Order(8)
  void theExampleJenkinsfileRunsEndToEnd() throws Exception {
    Pipeline pipeline = build();
    String result = pipeline.run(Files.readString(release.resolve("Jenkinsfile")));

    String log = pipeline.log().text();
    assertThat(result).as(log).isEqualTo("SUCCESS");
    assertThat(log)
        .contains("hpcPreflight tc: ")
        .contains("hpcPlace: chose slurm@tc")
        .contains("epoch 2 of 2: training JPCP on PM100Dataset")
        .contains("training on tc, partition gpu");
    Path report = pipeline.workspace().resolve("hpc/capacity.html");
    assertThat(Files.readString(report))
        .contains("HPC Fleet capacity")
        .contains("<td>tc</td>")
        .doesNotContain("<script")
        .doesNotContain("http");
    assertThat(pipeline.artifacts())
        .containsExactlyInAnyOrder("hpc/capacity.html", "hpc/capacity.css", "hpc/capacity.svg");
    assertThat(pipeline.testReports()).singleElement().asString().contains("hpcPreflight.tc");
    JsonNode events = exaJson("--json", "hpc", "audit", "--cluster", "tc").get("events");
    List<String> submitters = new ArrayList<>();
    events.forEach(
        e -> {
          if (e.get("action").asText().equals("submit")) {
            submitters.add(e.get("actor").asText());
          }
        });
    assertThat(submitters).contains("jenkins:ml/train#" + builds);
  }

  /**
   * Central mode: the console runs as a process on the fleet's home, the fleet's gateway; a build
   * on an "agent" with no registry, no SSH key and no known_hosts places and submits through it
   * with only a console token bound from a secret text credential. The job is recorded on the
   * console, audited as the token's user via the build's surface; the token reaches no process's
   * arguments and not the log; a token without the submit scope, and a revoked one, are refused; a
   * cluster key offered to a step is refused; governance is refused on the agent.
   */
  @Test
  @Order(9)
  void anAgentWithNoRegistryPlacesAndSubmitsThroughARunningConsole() throws Exception {
    io.examlops.fleet.access.AccessService owner =
        io.examlops.fleet.testing.TestFleets.fleet(fleet).access();
    io.examlops.fleet.model.Actor setup = io.examlops.fleet.model.Actor.cli("admin");
    owner.addUser(
        setup,
        "ci",
        io.examlops.fleet.model.access.Role.VIEWER,
        "a long ci password".toCharArray());
    var read = io.examlops.fleet.model.access.TokenScope.READ;
    var submit = io.examlops.fleet.model.access.TokenScope.SUBMIT;
    String token =
        owner.createToken(setup, "ci", "agents", java.util.EnumSet.of(read, submit)).secret();
    String readOnly =
        owner.createToken(setup, "ci", "dashboards", java.util.EnumSet.of(read)).secret();
    var revoked = owner.createToken(setup, "ci", "old", java.util.EnumSet.of(read, submit));
    owner.revokeToken(setup, revoked.token().id());

    Map<String, String> consoleEnv = new HashMap<>(fleet);
    consoleEnv.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    consoleEnv.put("EXAMLOPS_CACHE_DIR", dir.resolve("cache").toString());
    ProcessBuilder starting =
        new ProcessBuilder(release.resolve("bin/exa").toString(), "console", "--port", "0")
            .redirectErrorStream(true);
    starting.environment().clear();
    starting.environment().putAll(consoleEnv);
    Process console = starting.start();
    ArgumentWatch watch = null;
    try {
      String server = listeningAddress(console);
      Path agentHome = Files.createDirectories(dir.resolve("agent-home"));
      watch = new ArgumentWatch(List.of(token, readOnly));

      Pipeline pipeline = agentBuild(server, agentHome).withSecretText("fleet-token", token);
      @SuppressWarnings("unchecked")
      Map<String, Object> where =
          (Map<String, Object>) pipeline.step("hpcPlace", Map.of("gpus", 1, "partition", "gpu"));
      assertThat(where).containsEntry("cluster", "tc");
      @SuppressWarnings("unchecked")
      Map<String, Object> result =
          (Map<String, Object>)
              pipeline.step(
                  "hpcSubmit",
                  Map.of(
                      "cluster", "auto",
                      "partition", "gpu",
                      "gpus", 1,
                      "name", "it-central",
                      "script", "#!/bin/bash\necho central-ok\n"));
      assertThat(result).containsEntry("state", "completed").containsEntry("cluster", "tc");
      assertThat(pipeline.log().text()).contains("central-ok");

      JsonNode jobs = consoleApi(server, token, "/api/v1/facility/fleet/jobs").get("jobs");
      JsonNode recorded = null;
      for (JsonNode j : jobs) {
        if (j.get("id").asLong() == ((Number) result.get("jobId")).longValue()) {
          recorded = j;
        }
      }
      assertThat(recorded).as(jobs.toString()).isNotNull();
      assertThat(recorded.get("name").asText()).isEqualTo("it-central");
      assertThat(recorded.get("submittedBy").asText()).isEqualTo("ci");
      assertThat(recorded.get("state").asText()).isEqualTo("completed");
      List<String> submits = new ArrayList<>();
      consoleApi(server, token, "/api/v1/facility/fleet/audit?cluster=tc")
          .get("events")
          .forEach(
              e -> {
                if (e.get("action").asText().equals("submit")) {
                  submits.add(e.get("actor").asText() + " via " + e.get("surface").asText());
                }
              });
      assertThat(submits).contains("ci via jenkins:ml/train#" + builds);
      try (Stream<Path> files = Files.walk(agentHome)) {
        assertThat(files.map(f -> f.getFileName().toString()))
            .as("the agent keeps no registry")
            .doesNotContain("platform.db", "clusters.yaml");
      }

      assertThatThrownBy(
              () -> pipeline.step("hpcSubmit", onTcGpu("#!/bin/bash\ntrue\n", "hpc-ssh")))
          .isInstanceOf(PipelineError.class)
          .hasMessageContaining("credentialsId is not taken in central mode");
      Pipeline reader = agentBuild(server, agentHome).withSecretText("fleet-token", readOnly);
      assertThatThrownBy(() -> reader.step("hpcSubmit", onTcGpu("#!/bin/bash\ntrue\n", null)))
          .isInstanceOf(PipelineError.class)
          .hasMessageContaining("needs the submit scope");
      Pipeline stale =
          agentBuild(server, agentHome).withSecretText("fleet-token", revoked.secret());
      assertThatThrownBy(() -> stale.step("hpcPlace", Map.of("gpus", 1)))
          .isInstanceOf(PipelineError.class)
          .hasMessageContaining("the API token is unknown or revoked");
      assertThat(consoleApi(server, token, "/api/v1/facility/fleet/jobs").get("jobs").size())
          .isEqualTo(jobs.size());

      Map<String, String> agentEnv = new HashMap<>(agentBuildEnv(server, agentHome));
      agentEnv.put("EXAMLOPS_SERVER", server);
      agentEnv.put("EXAMLOPS_TOKEN", token);
      ExaRun approve = ExaRun.run(agentEnv, "hpc", "approve", "tc");
      assertThat(approve.exitCode()).isNotZero();
      assertThat(approve.err()).contains("do this on the console at " + server);

      for (Pipeline build : List.of(pipeline, reader, stale)) {
        assertThat(build.log().text()).doesNotContain(token).doesNotContain(readOnly);
      }
    } finally {
      if (watch != null) {
        watch.stop();
      }
      console.destroy();
      console.waitFor(20, TimeUnit.SECONDS);
      console.destroyForcibly();
    }
    assertThat(watch.processesSeen()).as("processes sampled").isGreaterThan(10);
    assertThat(watch.leaks()).as("a token in a process's arguments").isEmpty();
  }

  /** The console's address, from the line it prints once it listens. */
  private static String listeningAddress(Process console) throws IOException {
    return RunningConsole.listeningAddress(console);
  }

  private static JsonNode consoleApi(String server, String token, String path) throws Exception {
    var response =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(server + path))
                    .header("Authorization", "Bearer " + token)
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /**
   * An agent's environment in central mode: its own home, no registry, and an exa whose agent
   * configuration names the console and the token's credential.
   */
  private static Map<String, String> agentBuildEnv(String server, Path agentHome) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("HOME", agentHome.toString());
    env.put("PATH", AgentWithExa.install(agentHome));
    AgentWithExa.configure(agentHome, AgentWithExa.central(server, "fleet-token"));
    env.put("EXAMLOPS_CACHE_DIR", dir.resolve("cache").toString());
    env.put("JOB_NAME", "ml/train");
    env.put("BUILD_NUMBER", Integer.toString(builds));
    return env;
  }

  private static Pipeline agentBuild(String server, Path agentHome) {
    builds++;
    // the cluster's key is in the Jenkins store, as a careless admin might leave it: the steps
    // still take none of it in central mode
    return new Pipeline(
            release, dir.resolve("builds/" + builds + "/ws"), agentBuildEnv(server, agentHome))
        .withCredential("hpc-ssh", approved);
  }

  private static List<String> queueNames() throws Exception {
    List<String> names = new ArrayList<>();
    exaJson("--json", "hpc", "queue", "--cluster", "tc")
        .get("jobs")
        .forEach(j -> names.add(j.get("name").asText()));
    return names;
  }

  /**
   * Jenkins' SSH Agent plugin instead of a bound key file: a cluster registered and approved with
   * the key only an ssh-agent held (clusters.yaml names no key file) takes jobs from a build that
   * wraps hpcSubmit in {@code sshagent([...])} with no credentialsId; an agent holding another key
   * is refused naming both fingerprints, and nothing is submitted.
   */
  @Test
  @Order(10)
  void sshagentStepSubmitsToAClusterApprovedWithTheAgentsKey() throws Exception {
    Map<String, String> admin = new HashMap<>(fleet);
    admin.put("EXAMLOPS_ACTOR", "admin");
    try (io.examlops.fleet.transport.SshAgentProcess agent =
        io.examlops.fleet.transport.SshAgentProcess.start().add(testbed.key())) {
      admin.put("SSH_AUTH_SOCK", agent.socket().toString());
      ok(
          ExaRun.run(
              admin,
              "hpc",
              "connect",
              Testbed.HOST,
              "--name",
              "tca",
              "--port",
              Integer.toString(Testbed.PORT),
              "--user",
              Testbed.USER));
      ok(ExaRun.run(admin, "hpc", "approve", "tca"));
    }
    String approvedPrint = run("ssh-keygen", "-lf", testbed.key().toString()).split(" ")[1];
    String jenkinsfile =
        String.join(
            "\n",
            "sshagent(['%s']) {",
            "  def r = hpcSubmit(cluster: 'tca', partition: 'gpu', gpus: 1, name: 'it-sshagent',",
            "      script: '#!/bin/bash\\necho \"agent-ok as $(whoami)\"\\n')",
            "  echo \"state ${r.state}\"",
            "}",
            "");

    Pipeline pipeline = build();
    String result = pipeline.run(String.format(jenkinsfile, "hpc-ssh"));
    assertThat(result).as(pipeline.log().text()).isEqualTo("SUCCESS");
    assertThat(pipeline.log().text())
        .contains("agent-ok as " + Testbed.USER)
        .contains("state completed");

    Path other = dir.resolve("agent_other_ed25519");
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", other.toString());
    String otherPrint = run("ssh-keygen", "-lf", other.toString()).split(" ")[1];
    int before = exaJson("--json", "hpc", "jobs", "--no-refresh").get("jobs").size();
    Pipeline refused =
        build()
            .withCredential(
                "other-key", new SshCredential(Testbed.USER, Files.readString(other), null));
    assertThat(refused.run(String.format(jenkinsfile, "other-key"))).isEqualTo("FAILURE");
    assertThat(refused.log().text())
        .contains("does not hold key " + approvedPrint)
        .contains(otherPrint)
        .contains("ssh-add");
    assertThat(exaJson("--json", "hpc", "jobs", "--no-refresh").get("jobs").size())
        .isEqualTo(before);
  }

  private static void awaitLog(Pipeline pipeline, String text, int seconds) {
    try {
      Eventually.waitUntil(
          "'" + text + "' in the build log",
          Duration.ofSeconds(seconds),
          () -> pipeline.log().text().contains(text));
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + ":\n" + pipeline.log().text(), e);
    }
  }

  /** A line of a private key's body: what any copy of the key on a command line would hold. */
  private static String secretLineOf(String key) {
    return key.lines().filter(l -> !l.startsWith("-----")).skip(1).findFirst().orElseThrow();
  }

  /** Samples every process's arguments (/proc/PID/cmdline) until stopped, looking for secrets. */
  private static final class ArgumentWatch {
    private final Set<String> leaks = ConcurrentHashMap.newKeySet();
    private final Set<Long> seen = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;

    ArgumentWatch(List<String> secrets) {
      Supplier<Void> sample =
          () -> {
            try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
              for (Path proc :
                  procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                  String args =
                      new String(Files.readAllBytes(proc.resolve("cmdline"))).replace('\0', ' ');
                  seen.add(Long.parseLong(proc.getFileName().toString()));
                  for (String secret : secrets) {
                    if (args.contains(secret)) {
                      leaks.add(
                          proc.getFileName()
                              + ": "
                              + args.replace(secret, "<" + secret.length() + " secret chars>"));
                    }
                  }
                } catch (IOException e) {
                  // the process ended meanwhile
                }
              }
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
            return null;
          };
      thread =
          new Thread(
              () -> {
                while (running.get()) {
                  sample.get();
                }
              });
      thread.setDaemon(true);
      thread.start();
    }

    void stop() throws InterruptedException {
      running.set(false);
      thread.join();
    }

    int processesSeen() {
      return seen.size();
    }

    Set<String> leaks() {
      return leaks;
    }
  }
}
