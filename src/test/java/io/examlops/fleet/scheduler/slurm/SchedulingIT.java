package io.examlops.fleet.scheduler.slurm;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static io.examlops.fleet.testbed.TestbedFleet.ok;
import static io.examlops.fleet.testbed.TestbedFleet.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import io.examlops.fleet.testing.Eventually;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scheduling across three ACTIVE clusters: the real Slurm testbed over real SSH ("tc"), a Flux
 * cluster answering with real flux-core captures over real SSH ("lxp"), and the mock backend
 * ("demo", 2 simulated GPUs); plus a PENDING one ("waiting"). Real sbatch jobs are followed to
 * their end.
 *
 * <p>Testbed state (scripts/testbed/slurm-states.sh): g1 holds 2 of 4 a100 for a job, g2's 2 v100
 * are free, so tc has 4 idle GPUs but at most 2 on one node; lxp's node02 has 3 of 4 GPUs free.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SchedulingIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path home;
  private static TestbedFleet fleet;

  @BeforeAll
  static void threeActiveClustersAndOnePending() throws Exception {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_MOCK_GPUS", "2").with("GPU_COST_PER_HOUR", "3.00");
    fleet.connectSlurm("tc").connectFlux("lxp");
    ok(exa("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock"));
    fleet.connectSlurm("waiting").approve("tc", "lxp", "demo").saveNodes("tc", "lxp");
    Files.writeString(
        home.resolve("ok.sh"), "#!/bin/bash\necho \"gpus=$CUDA_VISIBLE_DEVICES\"\nsleep 2\n");
    Files.writeString(home.resolve("fail.sh"), "#!/bin/bash\necho oops >&2\nexit 3\n");
    Files.writeString(home.resolve("long.sh"), "#!/bin/bash\nsleep 300\n");
  }

  /**
   * Leaves the testbed as it was found, for the tests that read its node states: waits until only
   * the holding jobs of slurm-states.sh remain and g2 is idle again (a cancelled job's node stays
   * "completing" for a few seconds).
   */
  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    // without a testbed there is no fleet, and the set-up's own error says why
    if (fleet != null) {
      TestbedStates.awaitOnlyTheHolds(fleet.env());
    }
  }

  private static ExaRun exa(String... args) {
    return fleet.exa(args);
  }

  private static ExaRun exa(String[] head, String... tail) {
    return fleet.exa(head, tail);
  }

  /** A candidate's reasons as {@code RULE partition STATUS asked/there}, {@code -} for none. */
  private static List<String> reasons(JsonNode candidate) {
    List<String> all = new ArrayList<>();
    for (JsonNode r : candidate.get("reasons")) {
      String figures =
          r.get("rule").asText().equals("DATA")
              ? ""
              : " " + r.get("asked").asText() + "/" + r.get("there").asText();
      all.add(
          r.get("rule").asText()
              + " "
              + (r.get("partition").isNull() ? "-" : r.get("partition").asText())
              + " "
              + r.get("status").asText()
              + figures);
    }
    return all;
  }

  @Test
  @Order(1)
  void placementPicksTheMostUsableIdleGpusAndSkipsPending() throws Exception {
    ExaRun run = exa("--json", "hpc", "place", "--gpus", "2");
    DocumentedShapes.cliReference().assertMatches("hpc place", run.out());
    JsonNode result = json(run);

    assertThat(result.get("chosen").asText()).isEqualTo("tc");
    assertThat(result.get("partition").asText()).isEqualTo("gpu");
    assertThat(result.get("explanation").asText())
        .startsWith("chose slurm@tc")
        .contains("4/6 idle GPUs");
    Map<String, JsonNode> byCluster = new HashMap<>();
    result.get("candidates").forEach(c -> byCluster.put(c.get("cluster").asText(), c));
    assertThat(byCluster.get("waiting").get("outcome").asText()).isEqualTo("SKIPPED");
    assertThat(byCluster.get("waiting").get("reason").asText()).contains("PENDING");
    assertThat(byCluster.get("lxp").get("outcome").asText()).isEqualTo("LOST");
    assertThat(byCluster.get("demo").get("outcome").asText()).isEqualTo("LOST");
    // Typed reasons: every filter's answer, per partition; g1 (4 a100) and g2 (2 v100) are in gpu.
    assertThat(reasons(byCluster.get("tc")))
        .contains("GPUS gpu PASS 2/6", "GPUS debug PASS 2/4", "DATA - PASS");
    assertThat(reasons(byCluster.get("waiting"))).containsExactly("APPROVAL - FAIL ACTIVE/PENDING");

    ExaRun human = ok(exa("hpc", "place", "--gpus", "2"));
    assertThat(human.out().lines().findFirst()).get().asString().startsWith("chose slurm@tc");
    assertThat(human.out()).contains("skipped: slurm@waiting — PENDING");
  }

  @Test
  @Order(2)
  void fragmentationDecides() throws Exception {
    // tc's 4 idle GPUs are 2 + 2 on two nodes: 3 on one node fit only on lxp's node02
    JsonNode result = json(exa("--json", "hpc", "place", "--gpus", "3"));
    assertThat(result.get("chosen").asText()).isEqualTo("lxp");

    ExaRun none = exa("hpc", "place", "--gpus", "3", "--gpu-type", "h100");
    assertThat(none.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(none.out()).contains("no h100");
    JsonNode typed =
        JSON.readTree(exa("--json", "hpc", "place", "--gpus", "3", "--gpu-type", "h100").out());
    JsonNode tc = null;
    for (JsonNode candidate : typed.get("candidates")) {
      tc = candidate.get("cluster").asText().equals("tc") ? candidate : tc;
    }
    assertThat(tc.get("reason").asText()).isEqualTo("no h100");
    assertThat(reasons(tc)).contains("GPU_TYPE - FAIL h100/a100, v100");
  }

  @Test
  @Order(3)
  void preflightPassesAndFailsForTheRightReasons() throws Exception {
    ExaRun pass = exa(words("--json hpc preflight tc --gpus 2 --partition gpu --account ml"));
    DocumentedShapes.cliReference().assertMatches("hpc preflight", pass.out());
    assertThat(json(pass).get("result").asText()).isEqualTo("PASS");
    assertThat(pass.out()).as("Slurm's own estimate, live").contains("slurm would start it now on");

    ExaRun tooMany = exa("hpc", "preflight", "tc", "--gpus", "9", "--partition", "gpu");
    assertThat(tooMany.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(tooMany.out()).containsPattern("gpus +fail +only 6 GPUs in partition gpu");

    // g1 holds 4 a100 but 2 are in use: the job fits the partition, yet would wait
    ExaRun busy =
        ok(exa("hpc", "preflight", "tc", "--gpus", "4", "--nodes", "1", "--partition", "gpu"));
    assertThat(busy.out())
        .containsPattern("idle +warn")
        .containsPattern(
            "slurm expects it to start at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC on g1");

    ExaRun noPartition = exa("hpc", "preflight", "tc", "--gpus", "1", "--partition", "nosuch");
    assertThat(noPartition.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(noPartition.out()).containsPattern("partition +fail");

    ExaRun badAccount =
        exa(words("hpc preflight tc --gpus 1 --partition gpu --account nosuchacct"));
    assertThat(badAccount.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(badAccount.out()).containsPattern("account +fail");

    ExaRun pending = exa("hpc", "preflight", "waiting", "--gpus", "1");
    assertThat(pending.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(pending.out()).containsPattern("approval +fail").contains("PENDING");
  }

  @Test
  @Order(4)
  void aRealSbatchJobIsTrackedToCompletedWithElapsedAndGpuHours() throws Exception {
    ExaRun run =
        exa(
            words(
                "--json hpc submit --cluster tc --gpus 1 --partition gpu"
                    + " --time 00:05:00 --name it-ok --wait --wait-timeout 120"),
            home.resolve("ok.sh").toString());
    DocumentedShapes.cliReference().assertMatches("hpc submit", run.out());
    JsonNode job = json(run).get("job");

    assertThat(job.get("state").asText()).isEqualTo("completed");
    assertThat(job.get("exitCode").asInt()).isZero();
    assertThat(job.get("elapsedSeconds").asLong()).isGreaterThanOrEqualTo(2);
    assertThat(job.get("gpus").asInt()).isEqualTo(1);
    assertThat(new BigDecimal(job.get("gpuHours").asText()))
        .isEqualByComparingTo(
            BigDecimal.valueOf(job.get("elapsedSeconds").asLong())
                .divide(BigDecimal.valueOf(3600), 6, java.math.RoundingMode.HALF_UP));
    assertThat(job.get("startedAt").isNull()).isFalse();
    assertThat(job.get("endedAt").isNull()).isFalse();
  }

  @Test
  @Order(5)
  void aFailingJobIsTrackedToFailed() throws Exception {
    ExaRun run =
        exa(
            words(
                "--json hpc submit --cluster tc --gpus 1 --partition gpu"
                    + " --name it-fail --wait --wait-timeout 120"),
            home.resolve("fail.sh").toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
    JsonNode job = JSON.readTree(run.out()).get("job");
    assertThat(job.get("state").asText()).isEqualTo("failed");
    assertThat(job.get("exitCode").asInt()).isEqualTo(3);
  }

  @Test
  @Order(6)
  void aCancelledJobIsTrackedToCancelled() throws Exception {
    JsonNode submitted =
        json(exa(
                words(
                    "--json hpc submit --cluster tc --gpus 1"
                        + " --partition gpu --name it-cancel"),
                home.resolve("long.sh").toString()))
            .get("job");
    String id = submitted.get("id").asText();

    ExaRun queue = exa("--json", "hpc", "queue", "--cluster", "tc");
    DocumentedShapes.cliReference().assertMatches("hpc queue", queue.out());
    assertThat(json(queue).get("jobs").findValuesAsText("name")).contains("it-cancel", "hold-g1");

    ExaRun cancel = exa("--json", "hpc", "cancel", "#" + id);
    DocumentedShapes.cliReference().assertMatches("hpc cancel", cancel.out());
    assertThat(json(cancel).get("outcome").asText()).isEqualTo("REQUESTED");

    // A loaded machine may take long to end the job: the wait gives up only after 5 minutes.
    Eventually.waitUntil(
        "job " + id + " (it-cancel) listed as cancelled",
        Duration.ofMinutes(5),
        () -> cancelledJobNames().contains("it-cancel"));
  }

  /** The names of the jobs that exa lists as cancelled on tc (following them first). */
  private static List<String> cancelledJobNames() {
    try {
      return json(exa("--json", "hpc", "jobs", "--cluster", "tc", "--state", "cancelled"))
          .get("jobs")
          .findValuesAsText("name");
    } catch (Exception e) {
      throw new AssertionError("exa hpc jobs --state cancelled could not be read", e);
    }
  }

  @Test
  @Order(7)
  void refusalsRecordNothing() throws Exception {
    int before = json(exa("--json", "hpc", "jobs", "--no-refresh")).get("jobs").size();

    ExaRun pending =
        exa(words("hpc submit --cluster waiting --gpus 1"), home.resolve("ok.sh").toString());
    assertThat(pending.exitCode()).isEqualTo(ExitCodes.NOT_APPROVED);
    assertThat(pending.err()).contains("PENDING");

    ExaRun badPartition =
        exa(
            words("hpc submit --cluster tc --gpus 1 --partition nosuch"),
            home.resolve("ok.sh").toString());
    assertThat(badPartition.exitCode()).isEqualTo(ExitCodes.SCHEDULER);
    assertThat(badPartition.err()).containsIgnoringCase("invalid partition");

    ExaRun noScript =
        exa("hpc", "submit", "--cluster", "tc", "--gpus", "1", home.resolve("nope.sh").toString());
    assertThat(noScript.exitCode()).isEqualTo(ExitCodes.NOT_FOUND);
    assertThat(noScript.err()).contains("nope.sh");

    ExaRun badGpus =
        exa("hpc", "submit", "--cluster", "tc", "--gpus", "two", home.resolve("ok.sh").toString());
    assertThat(badGpus.exitCode()).isEqualTo(ExitCodes.USAGE);
    ExaRun noGpus =
        exa("hpc", "submit", "--cluster", "tc", "--gpus", "-1", home.resolve("ok.sh").toString());
    assertThat(noGpus.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(noGpus.err()).contains("--gpus: GPUs must be 0 (a CPU-only job) or more, got -1");

    ExaRun unknown =
        exa(words("hpc submit --cluster nosuch --gpus 1"), home.resolve("ok.sh").toString());
    assertThat(unknown.exitCode()).isEqualTo(ExitCodes.NOT_FOUND);

    assertThat(json(exa("--json", "hpc", "jobs", "--no-refresh")).get("jobs")).hasSize(before);
  }

  @Test
  @Order(8)
  void pipelineRunGoesThroughTheSamePathWithTheClustersEnvironment() throws Exception {
    JsonNode job =
        json(exa(
                words(
                    "--json pipeline run --model JPCP --dataset PM100Dataset"
                        + " --cluster tc --gpus 1 --partition gpu --wait --wait-timeout 120")))
            .get("job");

    assertThat(job.get("state").asText()).isEqualTo("completed");
    assertThat(job.get("model").asText()).isEqualTo("JPCP");
    assertThat(json(exa("--json", "hpc", "jobs", "--model", "JPCP")).get("jobs")).hasSize(1);
    Path output = Path.of("/home/hpcuser/examlops-" + job.get("schedulerJobId").asText() + ".out");
    assertThat(Files.readString(output))
        .contains("model JPCP on dataset PM100Dataset")
        .contains("cluster tc (slurm)");
  }

  @Test
  @Order(9)
  void capacityShowsTheGpuHoursAndCostOfThoseJobs() throws Exception {
    ExaRun run = exa("--json", "hpc", "capacity");
    DocumentedShapes.cliReference().assertMatches("hpc capacity", run.out());
    JsonNode capacity = json(run);

    BigDecimal expected = BigDecimal.ZERO;
    for (JsonNode j : json(exa("--json", "hpc", "jobs", "--cluster", "tc")).get("jobs")) {
      expected = expected.add(new BigDecimal(j.get("gpuHours").asText()));
    }
    JsonNode tc = null;
    for (JsonNode c : capacity.get("clusters")) {
      if (c.get("cluster").asText().equals("tc")) {
        tc = c;
      }
    }
    assertThat(tc).isNotNull();
    assertThat(tc.get("totalGpus").asInt()).isEqualTo(6);
    assertThat(tc.at("/gpuHours/jobs").asInt()).isEqualTo(4);
    assertThat(tc.at("/gpuHours/unknownJobs").asInt()).isZero();
    assertThat(new BigDecimal(tc.at("/gpuHours/known").asText())).isEqualByComparingTo(expected);
    assertThat(new BigDecimal(tc.get("cost").asText()))
        .isEqualByComparingTo(
            expected.multiply(new BigDecimal("3.00")).setScale(2, java.math.RoundingMode.HALF_UP));
    assertThat(capacity.get("clusters").findValuesAsText("cluster")).doesNotContain("waiting");
  }
}
