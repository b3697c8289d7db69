package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.console.ConsoleFixture;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.registry.LocalStores;
import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job ids as users type them: a bare id that is one job's fleet id and another job's scheduler id
 * is refused with both, for every command that takes a job; {@code #ID} and {@code SCHEDULER:ID}
 * choose. The jobs with numeric scheduler ids are written straight into the store (no cluster
 * answers at their address).
 */
class JobIdsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  private Map<String, String> env;

  /**
   * On the Slurm cluster tc (approved; nothing answers at its address): job #1, never confirmed (no
   * scheduler id), and job #2, Slurm's job 1. "1" names both.
   */
  @BeforeEach
  void twoJobsWhoseIdsCross() throws Exception {
    env = new HashMap<>(ExaRun.fleetIn(home, "ann", 4));
    env.put("PATH", "/usr/bin:/bin");
    env.put("HOME", home.toString());
    ok(ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock"));
    ok(ExaRun.run(env, "hpc", "approve", "demo"));
    Fleet fleet = TestFleets.fleet(env);
    ConsoleFixture.approveUnreachableSlurm(home, env, fleet, "tc");
    JobStore store =
        new LocalStores(TestFleets.settings(env), Clock.systemUTC(), WriteHook.NONE)
            .registry()
            .jobStore();
    store.begin(submitting("never-sent"));
    store.complete(store.begin(submitting("sent")), "1", Actor.cli("ann"));
  }

  private static TrackedJob submitting(String name) {
    return TrackedJob.submitting("tc", name, null, null, 1, 1, null, "ann", Instant.now(), null);
  }

  @Test
  void aBareIdNamingTwoJobsIsRefusedWithBothForEveryCommandTakingAJob() throws Exception {
    for (String command : new String[] {"cancel", "logs"}) {
      ExaRun run = ExaRun.run(env, "--json", "hpc", command, "1");

      assertThat(run.exitCode()).as(command + ": " + run.err()).isEqualTo(ExitCode.USAGE);
      String message = JSON.readTree(run.out()).get("error").get("message").asText();
      assertThat(message)
          .as(command)
          .startsWith("JOB: job '1' is ambiguous")
          .contains("the fleet's job #1 ('never-sent' on tc, never sent, submitting)")
          .contains("slurm's job 1 (the fleet's #2: 'sent' on tc as 1, submitted)")
          .endsWith("say which: #1 for the fleet's, slurm:1 for the scheduler's");
    }
  }

  @Test
  void aQualifiedIdChooses() {
    // the fleet's #1 has no scheduler id: logs says so without asking the cluster
    ExaRun fleets = ExaRun.run(env, "hpc", "logs", "#1");
    assertThat(fleets.exitCode()).as(fleets.err()).isEqualTo(ExitCode.FAILED);
    assertThat(fleets.err()).contains("job 1 on tc has no scheduler id");
    // Slurm's 1 is #2, which has one: its output is read from tc, where nothing answers
    for (String id : new String[] {"slurm:1", "2"}) {
      ExaRun schedulers = ExaRun.run(env, "hpc", "logs", id);
      assertThat(schedulers.exitCode())
          .as(id + ": " + schedulers.err())
          .isEqualTo(ExitCode.UNREACHABLE);
      assertThat(schedulers.err()).as(id).contains("127.0.0.1").doesNotContain("no scheduler id");
    }
  }

  @Test
  void anUnambiguousBareIdStillWorks() throws Exception {
    ExaRun submitted =
        ExaRun.run(
            env,
            "--json",
            "hpc",
            "submit",
            "--cluster",
            "demo",
            java.nio.file.Files.writeString(home.resolve("a.sh"), "#!/bin/sh\necho hi\n")
                .toString());
    ok(submitted);
    JsonNode job = JSON.readTree(submitted.out()).get("job");
    String mockId = job.get("schedulerJobId").asText();
    int id = job.get("id").asInt();
    // the mock's job is no scheduler's "3", and mock-N is no fleet id: bare, each names one job
    assertThat(logsOf(Integer.toString(id))).isEqualTo(id);
    assertThat(logsOf(mockId)).isEqualTo(id);
    assertThat(logsOf("mock:" + mockId)).isEqualTo(id);
    assertThat(logsOf("#" + id)).isEqualTo(id);
  }

  @Test
  void aQualifiedIdThatNamesNoJobIsNotFoundAndNeverFallsBackToTheOtherKind() {
    ExaRun fleetOnly = ExaRun.run(env, "hpc", "logs", "#9");
    assertThat(fleetOnly.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(fleetOnly.err()).contains("no tracked job '#9'").contains("#ID");
    // #2 exists, but no Slurm job is 2
    ExaRun schedulerOnly = ExaRun.run(env, "hpc", "cancel", "slurm:2");
    assertThat(schedulerOnly.exitCode()).isEqualTo(ExitCode.NOT_FOUND);
    assertThat(schedulerOnly.err()).contains("no tracked job 'slurm:2'");
  }

  private int logsOf(String id) throws Exception {
    ExaRun run = ExaRun.run(env, "--json", "hpc", "logs", id);
    assertThat(run.exitCode()).as(id + ": " + run.err()).isZero();
    return JSON.readTree(run.out()).get("job").get("id").asInt();
  }

  private static void ok(ExaRun run) {
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
  }
}
