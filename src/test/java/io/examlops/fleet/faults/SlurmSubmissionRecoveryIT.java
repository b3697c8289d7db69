package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.registry.WriteHook.WriteStep;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the real Slurm testbed (its GPU partition: the default one takes no job of this size) over
 * real SSH: the real {@code exa} killed with SIGKILL at each point of a submission, then the next
 * command finds the job by the mark sbatch sent as its comment (recorded with Slurm's id) or, once
 * the grace period passed on the process's clock, marks it not-submitted after squeue showed no job
 * with its mark; and exa's credentials set in its own environment never reach the job's environment
 * or output.
 */
class SlurmSubmissionRecoveryIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TOKEN = "exa_s3cretTokenValue42";

  @TempDir static Path home;
  private static TestbedFleet fleet;
  private static ExaProcess exa;
  private static Path longJob;

  @BeforeAll
  static void anActiveSlurmCluster() throws Exception {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "ann");
    fleet.connectSlurm("tc").approve("tc").saveNodes("tc");
    Map<String, String> env = new HashMap<>(fleet.env());
    env.put("HOME", home.toString());
    exa = ExaProcess.with(env);
    longJob = home.resolve("long.sh");
    Files.writeString(longJob, "#!/bin/bash\nsleep 60\n");
  }

  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    TestbedStates.awaitOnlyTheHolds(fleet.env());
  }

  @Test
  void killedAfterSlurmAcceptedIsFoundByItsCommentAndTracked() throws Exception {
    exa.stoppingAt(WriteStep.JOB_SENT_BEFORE_RECORD)
        .runAndKill(
            "hpc",
            "submit",
            "--cluster",
            "tc",
            "--gpus",
            "1",
            "--name",
            "killed-sent",
            longJob.toString());

    ExaProcess.Result listed = exa.run("--json", "hpc", "jobs", "--cluster", "tc");

    ok(listed);
    JsonNode job = named(listed, "killed-sent");
    String slurmId = job.get("schedulerJobId").asText();
    assertThat(slurmId).as(listed.all()).matches("[0-9]+");
    assertThat(job.get("state").asText()).isIn("submitted", "pending", "running");
    assertThat(listed.all()).contains("tc has it as " + slurmId + ", recorded now");
    ExaProcess.Result cancelled = exa.run("hpc", "cancel", "#" + job.get("id").asText());
    ok(cancelled);
    assertThat(cancelled.out()).contains(slurmId);
  }

  @Test
  void killedBeforeSendingIsNotSubmittedOnceSqueueShowsNoJobWithItsMark() throws Exception {
    exa.stoppingAt(WriteStep.JOB_RECORDED_BEFORE_SEND)
        .runAndKill(
            "hpc",
            "submit",
            "--cluster",
            "tc",
            "--gpus",
            "1",
            "--name",
            "killed-unsent",
            longJob.toString());

    ExaProcess.Result soon = exa.run("--json", "hpc", "jobs", "--cluster", "tc");
    ok(soon);
    assertThat(named(soon, "killed-unsent").get("state").asText()).isEqualTo("submitting");
    assertThat(soon.all()).contains("tc has no job sent with its mark yet");

    ExaProcess.Result later =
        exa.clockAhead(Duration.ofMinutes(16)).run("--json", "hpc", "jobs", "--cluster", "tc");
    ok(later);
    JsonNode job = named(later, "killed-unsent");
    assertThat(job.get("state").asText()).isEqualTo("not-submitted");
    assertThat(job.get("reason").asText()).contains("tc has no job sent with its mark exa-");
  }

  @Test
  void credentialsInExasEnvironmentNeverReachTheSlurmJob() throws Exception {
    Path printsEnv = home.resolve("env.sh");
    Files.writeString(printsEnv, "#!/bin/bash\nenv\n");
    ExaProcess withSecrets =
        exa.and("EXAMLOPS_TOKEN", TOKEN)
            .and("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", "a passphrase of the key");

    ExaProcess.Result submitted =
        withSecrets.run(
            "--json",
            "hpc",
            "submit",
            "--cluster",
            "tc",
            "--gpus",
            "1",
            "--name",
            "prints-env",
            "--wait",
            printsEnv.toString());
    ok(submitted);
    String id = JSON.readTree(submitted.out()).get("job").get("id").asText();
    ExaProcess.Result logs = withSecrets.run("hpc", "logs", "#" + id);

    ok(logs);
    assertThat(logs.out()).as("the job's environment was printed").contains("SLURM_JOB_ID=");
    assertThat(logs.out())
        .doesNotContain(TOKEN)
        .doesNotContain("EXAMLOPS_TOKEN")
        .doesNotContain("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE")
        .doesNotContain("a passphrase of the key");
    assertThat(submitted.all() + logs.err()).doesNotContain(TOKEN);
  }

  private static JsonNode named(ExaProcess.Result listed, String name) throws Exception {
    for (JsonNode job : JSON.readTree(listed.out()).get("jobs")) {
      if (job.get("name").asText().equals(name)) {
        return job;
      }
    }
    throw new AssertionError("no job named " + name + " in " + listed.all());
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
