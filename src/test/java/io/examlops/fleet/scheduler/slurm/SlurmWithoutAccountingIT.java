package io.examlops.fleet.scheduler.slurm;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static io.examlops.fleet.testbed.TestbedFleet.ok;
import static io.examlops.fleet.testbed.TestbedFleet.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.cli.ExaRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * {@link SlurmJobsChecks} on the testbed switched to no accounting ({@code slurm-accounting.sh
 * off}: no sacct, slurmctld forgets ended jobs after MinJobAge=2, within about a minute), and what
 * only such a cluster shows: ended jobs read from their exit-status records, and jobs no source
 * knows any more. Switches the cluster back when done. Those two jobs go to "forgetful", the same
 * testbed registered under a second name, so that no listing of the checks on "tc" follows them
 * before slurmctld has forgotten them.
 */
class SlurmWithoutAccountingIT extends SlurmJobsChecks {
  private static Instant submitted;
  private static String failedId;
  private static String lostId;

  @BeforeAll
  static void accountingOffAndTwoJobsToBeForgotten() throws Exception {
    accounting("off");
    fleet.connectSlurm("forgetful").approve("forgetful");
    submitted = Instant.now();
    failedId = submit("fail.sh", "it-forgotten-fail");
    lostId = submit("ok.sh", "it-forgotten-lost");
  }

  @AfterAll
  static void accountingOnAgain() throws Exception {
    accounting("on");
  }

  private static void accounting(String mode) throws Exception {
    Process p =
        new ProcessBuilder("bash", "scripts/testbed/slurm-accounting.sh", mode)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }

  private static String submit(String script, String name) throws Exception {
    return json(exa(
            words("--json hpc submit --cluster forgetful --gpus 0 --name"),
            name,
            home.resolve(script).toString()))
        .at("/job/id")
        .asText();
  }

  private static String schedulerId(String fleetId) throws Exception {
    for (JsonNode j : json(exa("--json", "hpc", "jobs", "--no-refresh")).get("jobs")) {
      if (j.get("id").asText().equals(fleetId)) {
        return j.get("schedulerJobId").asText();
      }
    }
    throw new AssertionError("no job " + fleetId);
  }

  /** Whether slurmctld still lists the job in any state (asked as root on this machine). */
  private static boolean slurmctldKnows(String schedulerId) throws Exception {
    Process p =
        new ProcessBuilder("squeue", "-h", "-t", "all", "-j", schedulerId, "-o", "%T")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return p.exitValue() == 0 && !out.isBlank();
  }

  @Test
  @Order(0)
  void thereIsNoAccounting() throws Exception {
    assertThat(overSsh("sacct -j 1")).contains("accounting storage is disabled");
  }

  @Test
  @Order(100)
  void jobsSlurmctldForgotAreReadFromTheirRecordOrSaidLost() throws Exception {
    String failed = schedulerId(failedId);
    String lost = schedulerId(lostId);
    for (int i = 0; i < 240 && (slurmctldKnows(failed) || slurmctldKnows(lost)); i++) {
      Thread.sleep(500);
    }
    assertThat(slurmctldKnows(failed) || slurmctldKnows(lost))
        .as("slurmctld forgot both jobs within 2 minutes (MinJobAge=2)")
        .isFalse();
    Files.delete(Path.of("/home/hpcuser/examlops-" + lost + ".exit"));

    JsonNode jobs = json(exa("--json", "hpc", "jobs", "--cluster", "forgetful")).get("jobs");
    JsonNode fromRecord = null;
    JsonNode gone = null;
    for (JsonNode j : jobs) {
      fromRecord = j.get("id").asText().equals(failedId) ? j : fromRecord;
      gone = j.get("id").asText().equals(lostId) ? j : gone;
    }
    assertThat(fromRecord.get("state").asText()).isEqualTo("failed");
    assertThat(fromRecord.get("exitCode").asInt()).isEqualTo(3);
    assertThat(fromRecord.get("reason").asText())
        .contains("exit-status record", "accounting storage is disabled");
    ranBetween(fromRecord, submitted);
    assertThat(gone.get("state").asText()).isEqualTo("lost");
    assertThat(gone.get("reason").asText()).contains("left no exit-status record");

    ExaRun table = ok(exa("hpc", "jobs", "--cluster", "forgetful", "--state", "lost"));
    assertThat(table.out()).contains("it-forgotten-lost").doesNotContain("running");
  }
}
