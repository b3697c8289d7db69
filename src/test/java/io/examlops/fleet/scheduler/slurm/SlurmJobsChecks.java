package io.examlops.fleet.scheduler.slurm;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static io.examlops.fleet.testbed.TestbedFleet.ok;
import static io.examlops.fleet.testbed.TestbedFleet.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.Exa;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What must hold on the real Slurm testbed with and without accounting (issue 8 items 1, 2, 3, 9,
 * 10): one partition choice for place, preflight, submit and pipeline run; CPU-only jobs; every
 * {@code --wait} ends, with the job's exit code or at its limit; times are the cluster's instants
 * although hpcuser's login sessions run on Asia/Kolkata (+05:30, sshd-up.sh); one home for every
 * {@code ~} path. {@link SlurmWithAccountingIT} runs these on the cluster as slurm-up.sh starts it,
 * {@link SlurmWithoutAccountingIT} on the same cluster switched to no accounting.
 *
 * <p>Testbed state (slurm-states.sh): the default partition cpu has no GPUs; gpu has g1 (4 a100, 2
 * held by a job) and g2 (2 v100, free).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class SlurmJobsChecks {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path home;
  static TestbedFleet fleet;
  static Testbed testbed;

  @BeforeAll
  static void oneApprovedSlurmCluster() throws Exception {
    fleet = TestbedFleet.in(home).connectSlurm("tc").approve("tc").saveNodes("tc");
    testbed = fleet.testbed();
    Files.writeString(
        home.resolve("ok.sh"),
        "#!/bin/bash\necho \"partition=$SLURM_JOB_PARTITION gpus=${CUDA_VISIBLE_DEVICES:-none}\"\n"
            + "sleep 1\n");
    Files.writeString(home.resolve("fail.sh"), "#!/bin/bash\necho oops >&2\nexit 3\n");
    Files.writeString(home.resolve("long.sh"), "#!/bin/bash\nsleep 300\n");
  }

  /** Leaves the testbed as slurm-states.sh made it: only the holding jobs, g2 idle. */
  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    // without a testbed there is no fleet, and the set-up's own error says why
    if (fleet != null) {
      TestbedStates.awaitOnlyTheHolds(fleet.env());
    }
  }

  static ExaRun exa(String... args) {
    return fleet.exa(args);
  }

  static ExaRun exa(String[] head, String... tail) {
    return fleet.exa(head, tail);
  }

  /**
   * A job's start and end are instants between {@code before} and now (the zone is not mixed in).
   */
  static void ranBetween(JsonNode job, Instant before) {
    Instant now = Instant.now();
    Instant started = Instant.parse(job.get("startedAt").asText());
    Instant ended = Instant.parse(job.get("endedAt").asText());
    assertThat(started).as("startedAt").isBetween(before.minusSeconds(5), now.plusSeconds(5));
    assertThat(ended).as("endedAt").isBetween(started, now.plusSeconds(5));
  }

  static String output(JsonNode job) throws Exception {
    return Files.readString(
        Path.of("/home/hpcuser/examlops-" + job.get("schedulerJobId").asText() + ".out"));
  }

  /** A command as hpcuser over the testbed's sshd, the way the product reaches the cluster. */
  static String overSsh(String command) throws Exception {
    Process p =
        new ProcessBuilder(
                "ssh",
                "-p",
                Integer.toString(Testbed.PORT),
                "-i",
                testbed.key().toString(),
                "-o",
                "BatchMode=yes",
                "-o",
                "UserKnownHostsFile=" + testbed.knownHosts(),
                "-o",
                "StrictHostKeyChecking=yes",
                Testbed.USER + "@" + Testbed.HOST,
                command)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return out;
  }

  @Test
  @Order(1)
  void placePreflightAndSubmitAgreeOnThePartitionWhenNoneIsGiven() throws Exception {
    JsonNode placed = json(exa("--json", "hpc", "place", "--gpus", "2"));
    assertThat(placed.get("chosen").asText()).isEqualTo("tc");
    assertThat(placed.get("partition").asText()).isEqualTo("gpu");

    JsonNode preflight = json(exa("--json", "hpc", "preflight", "tc", "--gpus", "2"));
    assertThat(preflight.get("result").asText()).isNotEqualTo("FAIL");
    assertThat(preflight.get("checks").toString())
        .contains("placement's choice: partition gpu")
        .doesNotContain("partition cpu");

    Instant before = Instant.now();
    ExaRun named =
        exa(
            words("--json hpc submit --cluster tc --gpus 1 --wait --wait-timeout 120"),
            home.resolve("ok.sh").toString());
    JsonNode job = json(named).get("job");
    assertThat(job.get("state").asText()).isEqualTo("completed");
    assertThat(job.get("partition").asText()).isEqualTo("gpu");
    assertThat(json(named).at("/placement/partition").asText()).isEqualTo("gpu");
    assertThat(output(job)).contains("partition=gpu");
    ranBetween(job, before);

    ExaRun human =
        ok(
            exa(
                words("hpc submit --cluster auto --gpus 1 --wait --wait-timeout 120"),
                home.resolve("ok.sh").toString()));
    assertThat(human.err())
        .contains(
            "chose slurm@tc (partition gpu: no partition asked; the default partition cpu cannot"
                + " hold it)");
    assertThat(human.out()).contains("to tc (partition gpu)").contains(": completed");
  }

  @Test
  @Order(2)
  void anExplicitPartitionWinsAndPipelineRunTakesTheSameChoice() throws Exception {
    JsonNode debug =
        json(exa(
                words(
                    "--json hpc submit --cluster tc --gpus 1"
                        + " --partition debug --wait --wait-timeout 120"),
                home.resolve("ok.sh").toString()))
            .get("job");
    assertThat(debug.get("state").asText()).isEqualTo("completed");
    assertThat(output(debug)).contains("partition=debug");

    JsonNode train =
        json(exa(
                words(
                    "--json pipeline run --model JPCP --dataset PM100Dataset"
                        + " --cluster tc --gpus 1 --wait --wait-timeout 120")))
            .get("job");
    assertThat(train.get("state").asText()).isEqualTo("completed");
    assertThat(train.get("partition").asText()).isEqualTo("gpu");
  }

  @Test
  @Order(3)
  void aCpuOnlyJobAsksNoGpuAndRunsInTheDefaultPartition() throws Exception {
    JsonNode placed = json(exa("--json", "hpc", "place", "--gpus", "0"));
    assertThat(placed.get("chosen").asText()).isEqualTo("tc");
    assertThat(placed.get("explanation").asText()).contains("CPU-only");
    JsonNode preflight = json(exa("--json", "hpc", "preflight", "tc", "--gpus", "0"));
    assertThat(preflight.get("result").asText()).isNotEqualTo("FAIL");
    assertThat(preflight.get("checks").toString()).contains("CPU-only job: no GPUs asked");

    Instant before = Instant.now();
    JsonNode job =
        json(exa(
                words("--json hpc submit --cluster tc --gpus 0 --wait --wait-timeout 120"),
                home.resolve("ok.sh").toString()))
            .get("job");
    assertThat(job.get("state").asText()).isEqualTo("completed");
    assertThat(job.get("gpus").asInt()).isZero();
    assertThat(output(job)).contains("partition=cpu gpus=none");
    ranBetween(job, before);
  }

  @Test
  @Order(4)
  void aFailingJobEndsTheWaitWithItsExitCode() throws Exception {
    Instant before = Instant.now();
    ExaRun run =
        exa(
            words("--json hpc submit --cluster tc --gpus 0 --wait --wait-timeout 120"),
            home.resolve("fail.sh").toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.FAILED);
    JsonNode job = JSON.readTree(run.out()).get("job");
    assertThat(job.get("state").asText()).isEqualTo("failed");
    assertThat(job.get("exitCode").asInt()).isEqualTo(3);
    ranBetween(job, before);
  }

  @Test
  @Order(5)
  void theWaitEndsAtItsOwnLimitAndTheJobKeepsRunning() throws Exception {
    ExaRun run =
        exa(
            words(
                "hpc submit --cluster tc --gpus 0 --wait"
                    + " --wait-timeout 3 --name it-wait-limit"),
            home.resolve("long.sh").toString());
    // long.sh sleeps 300 s: the message says the wait's own limit ended it, and the job still runs.
    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(run.err()).contains("stopped following job", "after 3 s (--wait-timeout)");
    assertThat(run.out()).containsPattern(": (pending|running|submitted)");
    JsonNode jobs = json(exa("--json", "hpc", "jobs", "--cluster", "tc")).get("jobs");
    for (JsonNode j : jobs) {
      if (j.get("name").asText().equals("it-wait-limit")) {
        assertThat(j.get("state").asText()).isIn("pending", "running");
        ok(exa("hpc", "cancel", "#" + j.get("id").asText()));
      }
    }
  }

  @Test
  @Order(6)
  void theLoginSessionsZoneIsNotUtcSoTheTimesAboveWereNotReadAsLocal() throws Exception {
    assertThat(overSsh("date +%z").strip()).isEqualTo("+0530");
  }

  @Test
  @Order(7)
  void everyTildePathFollowsHomeNotThePasswdEntry() throws Exception {
    Path otherHome = Files.createDirectories(home.resolve("other-home"));
    Path passwdKnownHosts = Path.of(System.getProperty("user.home"), ".ssh", "known_hosts");
    byte[] passwdBefore =
        Files.exists(passwdKnownHosts) ? Files.readAllBytes(passwdKnownHosts) : null;

    Process detect =
        realExa(
            otherHome,
            "hpc",
            "detect",
            Testbed.HOST,
            "--port",
            "2222",
            "--user",
            Testbed.USER,
            "--key",
            testbed.key().toString(),
            "--accept-new-host-key");
    assertThat(detect.exitValue()).as(stderr(detect)).isZero();
    assertThat(Files.readString(otherHome.resolve(".ssh/known_hosts")))
        .contains("[127.0.0.1]:2222");
    byte[] passwdAfter =
        Files.exists(passwdKnownHosts) ? Files.readAllBytes(passwdKnownHosts) : null;
    assertThat(passwdAfter)
        .as("the passwd home's known_hosts is untouched")
        .isEqualTo(passwdBefore);

    // The default key and the registry come from the same home.
    Files.copy(testbed.key(), otherHome.resolve(".ssh/id_ed25519"));
    Files.setPosixFilePermissions(
        otherHome.resolve(".ssh/id_ed25519"), PosixFilePermissions.fromString("rw-------"));
    Process connect =
        realExa(
            otherHome,
            "hpc",
            "connect",
            Testbed.HOST,
            "--port",
            "2222",
            "--user",
            Testbed.USER,
            "--name",
            "elsewhere");
    assertThat(connect.exitValue()).as(stderr(connect)).isZero();
    assertThat(Files.readString(otherHome.resolve(".config/examlops/clusters.yaml")))
        .contains("elsewhere", otherHome.resolve(".ssh/id_ed25519").toString());
  }

  @Test
  @Order(8)
  void aJobSubmittedWithOutputWritesThereAndLogsReadItFromThere() throws Exception {
    String dir = "it-output-" + System.nanoTime();
    assertThat(overSsh("mkdir -p ~/" + dir + "/'my runs' && echo made")).contains("made");
    try {
      ExaRun refused =
          exa(
              words("hpc submit --cluster tc --gpus 0 --output"),
              dir + "/nosuch/%j.out",
              home.resolve("ok.sh").toString());
      assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.USAGE);
      assertThat(refused.err())
          .contains("--output: the output directory '~/" + dir + "/nosuch' does not exist")
          .contains("mkdir -p ~/" + dir + "/nosuch");

      JsonNode submitted =
          json(
              exa(
                  words("--json hpc submit --cluster tc --gpus 0 --wait --wait-timeout 120"),
                  "--name",
                  "it-output",
                  "--output",
                  dir + "/my runs/%x-%j.log",
                  home.resolve("ok.sh").toString()));
      JsonNode job = submitted.get("job");
      String id = job.get("schedulerJobId").asText();
      assertThat(job.get("state").asText()).isEqualTo("completed");
      assertThat(job.get("output").asText()).isEqualTo(dir + "/my runs/it-output-%j.log");
      String file = "~/" + dir + "/my runs/it-output-" + id + ".log";
      assertThat(submitted.get("output").asText()).isEqualTo(file);
      Path written = Path.of("/home/hpcuser", dir, "my runs", "it-output-" + id + ".log");
      assertThat(Files.readString(written)).contains("partition=cpu gpus=none");
      assertThat(Path.of("/home/hpcuser/examlops-" + id + ".out")).doesNotExist();
      // The exit-status record stays at its fixed place, whatever --output says.
      assertThat(Path.of("/home/hpcuser", ExitRecords.file(id))).exists();

      JsonNode logs = json(exa("--json", "hpc", "logs", "#" + job.get("id").asText()));
      assertThat(logs.get("output").asText()).isEqualTo(file);
      assertThat(logs.get("found").asBoolean()).isTrue();
      assertThat(logs.get("text").asText()).contains("partition=cpu gpus=none");
    } finally {
      overSsh("rm -rf ~/" + dir);
    }
  }

  private static Process realExa(Path homeDir, String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Exa.class.getName());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().clear();
    builder.environment().put("PATH", System.getenv("PATH"));
    builder.environment().put("HOME", homeDir.toString());
    Process process = builder.start();
    process.getOutputStream().close();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return process;
  }

  private static String stderr(Process p) throws Exception {
    return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
  }
}
