package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.BackendException;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SlurmBackendTest {
  private static final String SCRIPT =
      "#!/bin/bash\n#SBATCH -c 1\necho \"token=$EXAMLOPS_TOKEN\"\n";
  private static final String SACCT_TRACK = SacctFormat.RECOMMENDED.command("-j", "4,5,6,7");

  private final SlurmBackend slurm = new SlurmBackend(SlurmGpuTracking.TRACKED);

  private static String squeueAll(String ids) {
    return SqueueFormat.TRACKING.commandInUtc("-r", "-t", "all", "-j", ids);
  }

  /**
   * A {@code squeue -t all -O TRACKING} line. Built from the values of the captured
   * squeue-h-r-j-O-recommended.*.out lines, plus StartTime, EndTime and exit_code as squeue 22.05
   * prints them (standard times; exit_code is the raw wait status, {@code exit << 8}); the real
   * command's output is read by SlurmJobsIT on the testbed.
   */
  private static String tracked(
      String id,
      String state,
      String partition,
      String tres,
      String perNode,
      String node,
      String start,
      String end,
      String exitCode,
      String name) {
    return String.join(
            "|", id, "hpcuser", state, partition, "1", "1", "0:03", tres, "N/A", perNode, "N/A",
            "N/A", node, "None", start, end, exitCode, name)
        + "|\n";
  }

  private static String fixture(String name) {
    return Fixtures.slurm("jobs/" + name);
  }

  @Test
  void submitPipesTheScriptWithExportsAndBuildsTheCommandFromCheckedValues() {
    ScriptedRunner runner =
        new ScriptedRunner().answer("cd ~ && sbatch", fixture("sbatch--parsable-stdin.ok.out"));
    JobSpec request =
        new JobSpec(
            SCRIPT,
            "train-JPCP.1",
            4,
            2,
            "gpu",
            Duration.ofMinutes(90),
            "ml",
            Map.of("EXAMLOPS_TOKEN", "x'; rm -rf ~ #", "EXAMLOPS_RUN", "7"),
            null,
            null);

    SubmitReply result = slurm.submit(runner, request);

    assertThat(result.accepted()).isTrue();
    assertThat(result.jobId()).isEqualTo("4");
    assertThat(runner.commands())
        .containsExactly(
            "cd ~ && sbatch --parsable -J train-JPCP.1 -p gpu -A ml -N 2 --gres=gpu:2"
                + " -t 01:30:00 '--output=examlops-%j.out'");
    // The secret travels on stdin, after the #SBATCH header, quoted so the shell reads it verbatim.
    assertThat(runner.inputs().get(0))
        .isEqualTo(
            "#!/bin/bash\n#SBATCH -c 1\n"
                + "export EXAMLOPS_RUN=7\n"
                + "export EXAMLOPS_TOKEN='x'\"'\"'; rm -rf ~ #'\n"
                + String.join("\n", ExitRecords.scriptLines())
                + "\n"
                + "echo \"token=$EXAMLOPS_TOKEN\"\n");
    assertThat(runner.commands().get(0)).doesNotContain("rm -rf");
  }

  @Test
  void anOutputPathIsCheckedThenGivenToSbatchAndTheExitRecordStaysAtHome() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("test -d", "")
            .answer("cd ~ && sbatch", fixture("sbatch--parsable-stdin.ok.out"));
    JobSpec request = JobSpec.of(SCRIPT, "train", 0).withOutput(OutputPath.of("my logs/%x-%j.out"));

    assertThat(slurm.submit(runner, request).jobId()).isEqualTo("4");

    assertThat(runner.commands())
        .containsExactly(
            "test -d ~/'my logs' && test -w ~/'my logs'",
            "cd ~ && sbatch --parsable -J train -N 1 '--output=my logs/train-%j.out'");
    assertThat(runner.inputs().get(1)).contains(String.join("\n", ExitRecords.scriptLines()));
    assertThat(slurm.outputFile("4", request.output())).isEqualTo("~/my logs/train-4.out");
    assertThat(slurm.outputFile("4", null)).isEqualTo("~/examlops-4.out");
  }

  @Test
  void aMissingOutputDirectoryIsRefusedBeforeSbatchRuns() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("test -d", 1, "", "")
            .answer("cd ~ && sbatch", fixture("sbatch--parsable-stdin.ok.out"));
    JobSpec request =
        JobSpec.of(SCRIPT, "train", 0).withOutput(OutputPath.of("/scratch/nosuch/%j.out"));

    assertThatThrownBy(() -> slurm.submit(runner, request))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("'/scratch/nosuch' does not exist or cannot be written")
        .hasMessageContaining("mkdir -p /scratch/nosuch");
    assertThat(runner.commands()).hasSize(1);
  }

  @Test
  void aScriptForAnotherInterpreterGoesWithoutTheExitRecord() {
    ScriptedRunner runner =
        new ScriptedRunner().answer("cd ~ && sbatch", fixture("sbatch--parsable-stdin.ok.out"));
    String python = "#!/usr/bin/env python3\n#SBATCH -c 1\nprint('hi')\n";
    slurm.submit(runner, JobSpec.of(python, "py", 0));
    assertThat(runner.inputs().get(0)).isEqualTo(python);

    String sh = "#!/bin/sh\necho hi\n";
    slurm.submit(runner, JobSpec.of(sh, "sh", 0));
    assertThat(runner.inputs().get(1))
        .isEqualTo("#!/bin/sh\n" + String.join("\n", ExitRecords.scriptLines()) + "\necho hi\n");
  }

  @Test
  void defaultsLeaveOutPartitionAccountGpusAndTimeLimit() {
    assertThat(SlurmBackend.submitCommand(JobSpec.of(SCRIPT, "cpu-job", 0)))
        .isEqualTo("cd ~ && sbatch --parsable -J cpu-job -N 1 '--output=examlops-%j.out'");
    assertThat(
            SlurmBackend.submitCommand(
                new JobSpec(
                    SCRIPT, "long", 1, 1, null, Duration.ofHours(36), null, null, null, null)))
        .contains("--gres=gpu:1 -t 1-12:00:00");
  }

  @Test
  void hostileNamesAreRefusedBeforeAnythingRuns() {
    assertThatThrownBy(() -> JobSpec.of(SCRIPT, "x'; rm -rf ~ #", 1))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("job name 'x'; rm -rf ~ #' is not allowed");
    assertThatThrownBy(
            () -> new JobSpec(SCRIPT, "ok", 0, 1, "gpu;reboot", null, null, null, null, null))
        .hasMessageContaining("partition/queue");
    assertThatThrownBy(
            () -> new JobSpec(SCRIPT, "ok", 0, 1, null, null, null, Map.of("A-B", "v"), null, null))
        .hasMessageContaining("not an environment variable name");
    assertThatThrownBy(() -> new JobSpec(SCRIPT, "ok", 3, 2, null, null, null, null, null, null))
        .hasMessageContaining("cannot be spread evenly");
    assertThatThrownBy(() -> JobSpec.of("echo no shebang\n", "ok", 0))
        .hasMessageContaining("#!/bin/bash");
  }

  @Test
  void rejectionsCarrySlurmsOwnWords() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("cd ~ && sbatch", 1, "", fixture("sbatch.invalid-partition.err"));
    SubmitReply result = slurm.submit(runner, JobSpec.of(SCRIPT, "j", 0));
    assertThat(result.accepted()).isFalse();
    assertThat(result.message()).contains("invalid partition specified");

    ScriptedRunner down =
        new ScriptedRunner()
            .answer("cd ~ && sbatch", 1, "", fixture("sbatch--parsable.ctld-down.err"));
    assertThat(slurm.submit(down, JobSpec.of(SCRIPT, "j", 0)).message())
        .contains("Unable to contact slurm controller");
  }

  @Test
  void missingSbatchIsAnErrorNotARejection() {
    assertThatThrownBy(() -> slurm.submit(new ScriptedRunner(), JobSpec.of(SCRIPT, "j", 0)))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("not on the PATH");
  }

  @Test
  void queueReadsTheRecommendedSqueueOfAllUsers() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(
                SqueueFormat.RECOMMENDED.command("-a"),
                fixture("squeue-h-a-O-recommended.holds.out"));
    List<QueueEntry> queue = slurm.queue(runner);
    assertThat(queue).extracting(QueueEntry::id).containsExactly("1", "2", "3");
    assertThat(queue.get(2).gpus()).isEqualTo(2);
    assertThat(queue.get(2).state()).isEqualTo(JobState.RUNNING);
    assertThat(runner.commands()).containsExactly(SqueueFormat.RECOMMENDED.command("-a"));
  }

  @Test
  void liveAndEndedJobsComeFromSqueueOfAllStatesWithTimesAndExitStatus() {
    String squeue = squeueAll("4,5,6,7");
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(
                squeue,
                tracked(
                        "4",
                        "COMPLETED",
                        "cpu",
                        "cpu=1,mem=500M,node=1,billing=1",
                        "N/A",
                        "n1",
                        "2026-11-29T19:48:10",
                        "2026-11-29T19:48:13",
                        "0",
                        "bk-ok")
                    + tracked(
                        "5",
                        "FAILED",
                        "cpu",
                        "cpu=1,mem=500M,node=1,billing=1",
                        "N/A",
                        "n1",
                        "2026-11-29T19:48:10",
                        "2026-11-29T19:48:13",
                        "768",
                        "bk-fail")
                    + tracked(
                        "6",
                        "CANCELLED",
                        "cpu",
                        "cpu=1,mem=500M,node=1,billing=1",
                        "N/A",
                        "n1",
                        "2026-11-29T19:48:10",
                        "2026-11-29T19:48:13",
                        "15",
                        "bk-cancel")
                    + tracked(
                        "7",
                        "RUNNING",
                        "gpu",
                        "cpu=1,mem=500M,node=1,billing=1,gres/gpu=1",
                        "gres:gpu:1",
                        "g1",
                        "2026-11-29T19:48:10",
                        "2026-11-30T19:48:10",
                        "0",
                        "bk-gpu"));

    Map<String, JobStatus> status = slurm.track(runner, List.of("4", "5", "6", "7"));

    assertThat(runner.commands()).containsExactly(squeue).allMatch(c -> c.startsWith("TZ=UTC "));
    assertThat(status.keySet()).containsExactly("4", "5", "6", "7");
    assertThat(status.values()).extracting(JobStatus::source).containsOnly(JobStatus.Source.QUEUE);
    JobAccounting ok = status.get("4").job();
    assertThat(ok.state()).isEqualTo(JobState.COMPLETED);
    assertThat(ok.exitCode()).isZero();
    assertThat(ok.start()).isEqualTo(Instant.parse("2026-11-29T19:48:10Z"));
    assertThat(ok.end()).isEqualTo(Instant.parse("2026-11-29T19:48:13Z"));
    assertThat(status.get("5").job().exitCode()).isEqualTo(3);
    assertThat(status.get("5").job().signal()).isNull();
    assertThat(status.get("6").job().signal()).isEqualTo(15);
    JobAccounting running = status.get("7").job();
    assertThat(running.state()).isEqualTo(JobState.RUNNING);
    assertThat(running.end()).as("a running job's EndTime is its limit").isNull();
    assertThat(running.exitCode()).isNull();
    assertThat(running.gpus()).isEqualTo(1);
  }

  @Test
  void jobsSlurmctldForgotComeFromSacct() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(
                squeueAll("4,5,6,7"),
                tracked(
                    "7",
                    "RUNNING",
                    "gpu",
                    "cpu=1,mem=500M,node=1,billing=1,gres/gpu=1",
                    "gres:gpu:1",
                    "g1",
                    "2026-11-29T19:48:10",
                    "2026-11-30T19:48:10",
                    "0",
                    "bk-gpu"))
            .answer(
                SacctFormat.RECOMMENDED.command("-j", "4,5,6"),
                grep(fixture("sacct-recommended-j.track.out"), "4|")
                    + grep(fixture("sacct-recommended-j.track.out"), "5|")
                    + grep(fixture("sacct-recommended-j.track.out"), "6|"));
    Map<String, JobStatus> status = slurm.track(runner, List.of("4", "5", "6", "7"));

    assertThat(status.get("7").source()).isEqualTo(JobStatus.Source.QUEUE);
    assertThat(status.get("5").source()).isEqualTo(JobStatus.Source.ACCOUNTING);
    assertThat(status.get("5").state()).isEqualTo(JobState.FAILED);
    assertThat(status.get("5").job().exitCode()).isEqualTo(3);
    JobAccounting ok = status.get("4").job();
    assertThat(ok.start()).isEqualTo(Instant.parse("2026-11-29T19:48:10Z"));
    assertThat(ok.gpus()).as("GPUs tracked, none named").isZero();
    assertThat(status.get("6").job().rawState()).isEqualTo("CANCELLED by 1001");
    assertThat(runner.commands()).hasSize(2);
  }

  @Test
  void withoutAccountingTheJobsOwnExitRecordTellsHowItEnded() {
    String records = ExitRecords.command(List.of("5", "6", "8"));
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(squeueAll("5,6,8"), 1, "", fixture("squeue-j-99999.invalid.err"))
            .answer(
                SacctFormat.RECOMMENDED.command("-j", "5,6,8"),
                1,
                "",
                fixture("sacct-P-n-o.nodbd.err"))
            .answer(
                records,
                "== 5\nstarted 1764445690\nexited 3 1764445697\n== 6\nstarted 1764445690\n== 8\n");

    Map<String, JobStatus> status = slurm.track(runner, List.of("5", "6", "8"));

    JobStatus failed = status.get("5");
    assertThat(failed.source()).isEqualTo(JobStatus.Source.RECORD);
    assertThat(failed.state()).isEqualTo(JobState.FAILED);
    assertThat(failed.job().exitCode()).isEqualTo(3);
    assertThat(failed.job().start()).isEqualTo(Instant.ofEpochSecond(1764445690));
    assertThat(failed.job().elapsed()).isEqualTo(Duration.ofSeconds(7));
    assertThat(failed.note()).contains("~/examlops-5.exit", "Slurm accounting storage is disabled");
    JobStatus killed = status.get("6");
    assertThat(killed.source()).isEqualTo(JobStatus.Source.LOST);
    assertThat(killed.state()).isEqualTo(JobState.LOST);
    assertThat(killed.job().start()).isEqualTo(Instant.ofEpochSecond(1764445690));
    assertThat(killed.note()).contains("started but not how it ended");
    assertThat(status.get("8").state()).isEqualTo(JobState.LOST);
    assertThat(status.get("8").note()).contains("left no exit-status record (~/examlops-8.exit)");
    assertThat(runner.commands()).last().isEqualTo(records);
  }

  @Test
  void aKillInTheRecordIsNeverAnExitAndItsTimeAgainstTheLimitSaysWhich() {
    String records = ExitRecords.command(List.of("11", "12", "13"));
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(squeueAll("11,12,13"), 1, "", fixture("squeue-j-99999.invalid.err"))
            .answer(
                SacctFormat.RECOMMENDED.command("-j", "11,12,13"),
                1,
                "",
                fixture("sacct-P-n-o.nodbd.err"))
            .answer(
                records,
                "== 11\nstarted 1764445690\nlimit 1764445750\nsignal 15 1764445781\n"
                    + "exited 143 1764445781\n"
                    + "== 12\nstarted 1764445690\nlimit 1764449290\nsignal 15 1764445700\n"
                    + "exited 143 1764445700\n"
                    + "== 13\nstarted 1764445690\nsignal 15 1764445700\n"
                    + "exited 143 1764445700\n");

    Map<String, JobStatus> status = slurm.track(runner, List.of("11", "12", "13"));

    JobStatus timedOut = status.get("11");
    assertThat(timedOut.source()).isEqualTo(JobStatus.Source.RECORD);
    assertThat(timedOut.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timedOut.job().signal()).isEqualTo(15);
    assertThat(timedOut.job().exitCode()).as("a kill has no exit status").isNull();
    assertThat(timedOut.job().end()).isEqualTo(Instant.ofEpochSecond(1764445781));
    assertThat(timedOut.note()).contains("killed by signal 15 at its time limit");
    JobStatus cancelled = status.get("12");
    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.job().exitCode()).isNull();
    assertThat(cancelled.note()).contains("before its time limit");
    JobStatus unsure = status.get("13");
    assertThat(unsure.state())
        .as("22.05 tells a job no end time: which kill it was is not known, never completed")
        .isEqualTo(JobState.LOST);
    assertThat(unsure.job().signal()).isEqualTo(15);
    assertThat(unsure.note()).contains("killed by signal 15 but not why");
  }

  @Test
  void aJobNoSourceKnowsIsLostNeverRunning() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(squeueAll("99999"), 1, "", fixture("squeue-j-99999.invalid.err"))
            .answer(SacctFormat.RECOMMENDED.command("-j", "99999"), "")
            .answer(ExitRecords.command(List.of("99999")), "== 99999\n");
    JobStatus status = slurm.track(runner, List.of("99999")).get("99999");
    assertThat(status.state()).isEqualTo(JobState.LOST);
    assertThat(status.state().terminal()).isTrue();
    assertThat(status.note())
        .contains("squeue -t all", "sacct does not know it", "no exit-status record");
  }

  @Test
  void aRecordTheTrackerCannotReadIsAnError() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(squeueAll("5"), 1, "", fixture("squeue-j-99999.invalid.err"))
            .answer(SacctFormat.RECOMMENDED.command("-j", "5"), "")
            .answer(ExitRecords.command(List.of("5")), "== 5\nstarted yesterday\n");
    assertThatThrownBy(() -> slurm.track(runner, List.of("5")))
        .hasMessageContaining("started yesterday");
  }

  @Test
  void badJobIdsAreRefusedBeforeAnythingRuns() {
    ScriptedRunner runner = new ScriptedRunner();
    assertThatThrownBy(() -> slurm.track(runner, List.of("5; rm -rf ~")))
        .hasMessageContaining("is not a Slurm job id");
    assertThatThrownBy(() -> slurm.cancel(runner, "abc"))
        .hasMessageContaining("not a Slurm job id");
    assertThat(runner.commands()).isEmpty();
  }

  @Test
  void cancelUsesVerboseScancelAndReadsItsOutcome() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("scancel -v 6", 0, "", fixture("scancel-v.running.err"))
            .answer("scancel -v 99999", 0, "", fixture("scancel-v.nonexistent.err"))
            .answer("scancel -v 20", 210, "", fixture("scancel.other-user.err"));
    assertThat(slurm.cancel(runner, "6").outcome()).isEqualTo(CancelOutcome.REQUESTED);
    assertThat(slurm.cancel(runner, "99999").outcome()).isEqualTo(CancelOutcome.NOT_FOUND);
    assertThat(slurm.cancel(runner, "20").outcome()).isEqualTo(CancelOutcome.PERMISSION_DENIED);
    assertThat(runner.commands())
        .containsExactly("scancel -v 6", "scancel -v 99999", "scancel -v 20");
  }

  private static String grep(String text, String prefix) {
    return String.join("\n", text.lines().filter(l -> l.startsWith(prefix)).toList()) + "\n";
  }
}
