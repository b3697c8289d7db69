package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The product's Slurm parsers and tracker on real outputs of Slurm 25.11.7 without accounting
 * (fixtures/slurm/v25.11, README there: jobs 1 exits 0, 2 exits 3, 3 is killed at its 1-minute
 * limit, 4 and 6 are cancelled while pending, 5 is cancelled while running). The 22.05 forms of the
 * same facts are read in {@link SlurmBackendTest} and {@link SqueueParserTest}.
 */
class Slurm2511Test {
  private static final String IDS = "1,2,3,4,5,6";
  private final SlurmBackend slurm = new SlurmBackend(SlurmGpuTracking.INFER);

  private static String fixture(String name) {
    return Fixtures.slurm("v25.11/" + name);
  }

  private static String squeueAll(String ids) {
    return SqueueFormat.TRACKING.commandInUtc("-r", "-t", "all", "-j", ids);
  }

  @Test
  void everyEndIsReadFromSqueueWhileSlurmctldRemembersIt() {
    ScriptedRunner runner =
        new ScriptedRunner().answer(squeueAll(IDS), fixture("squeue-track.ended.out"));

    Map<String, JobStatus> status = slurm.track(runner, List.of("1", "2", "3", "4", "5", "6"));

    assertThat(runner.commands()).containsExactly(squeueAll(IDS));
    assertThat(status.values()).extracting(JobStatus::source).containsOnly(JobStatus.Source.QUEUE);
    JobAccounting ok = status.get("1").job();
    assertThat(ok.state()).isEqualTo(JobState.COMPLETED);
    assertThat(ok.exitCode()).isZero();
    assertThat(ok.end()).isEqualTo(Instant.parse("2026-12-02T04:56:29Z"));
    JobAccounting failed = status.get("2").job();
    assertThat(failed.state()).isEqualTo(JobState.FAILED);
    assertThat(failed.exitCode()).as("exit_code 3:0").isEqualTo(3);
    assertThat(failed.signal()).isNull();
    JobAccounting timedOut = status.get("3").job();
    assertThat(timedOut.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timedOut.rawState()).isEqualTo("TIMEOUT");
    assertThat(timedOut.end()).isEqualTo(Instant.parse("2026-12-02T04:57:47Z"));
    JobAccounting cancelledPending = status.get("4").job();
    assertThat(cancelledPending.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelledPending.exitCode()).as("0:0 of a job that never ran is no exit").isNull();
    assertThat(status.get("6").state()).isEqualTo(JobState.CANCELLED);
    assertThat(status.get("5").state()).isEqualTo(JobState.RUNNING);
    assertThat(status)
        .extractingFromEntries(e -> e.getKey() + " " + e.getValue().note())
        .containsExactlyInAnyOrder(
            "1 null",
            "2 NonZeroExitCode",
            "3 TimeLimit",
            "4 cancelled while waiting (Resources)",
            "5 null",
            "6 cancelled while waiting (Priority)");
  }

  @Test
  void aPendingJobCarriesSlurmsReasonForItsWait() {
    ScriptedRunner runner =
        new ScriptedRunner().answer(squeueAll(IDS), fixture("squeue-track.running.out"));

    Map<String, JobStatus> status = slurm.track(runner, List.of("1", "2", "3", "4", "5", "6"));

    assertThat(status.get("4").note()).isEqualTo("Resources");
    assertThat(status.get("5").note()).isEqualTo("Priority");
  }

  @Test
  void aJobCancelledWhileRunningIsCancelledNotCompleted() {
    ScriptedRunner before =
        new ScriptedRunner().answer(squeueAll("5"), fixture("squeue-track-5.running.out"));
    assertThat(slurm.track(before, List.of("5")).get("5").state()).isEqualTo(JobState.RUNNING);
    assertThat(ScancelParser.parse(result("scancel -v 5", 0, fixture("scancel-v.running.err"))))
        .extracting(r -> r.outcome().name())
        .isEqualTo("REQUESTED");

    ScriptedRunner after =
        new ScriptedRunner().answer(squeueAll("5"), fixture("squeue-track-5.cancelled.out"));
    JobStatus cancelled = slurm.track(after, List.of("5")).get("5");

    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.state().terminal()).isTrue();
    assertThat(cancelled.job().end()).isEqualTo(Instant.parse("2026-12-02T05:00:24Z"));
  }

  @Test
  void aPendingJobJustCancelledReadsCancelledAtOnce() {
    ScriptedRunner runner =
        new ScriptedRunner().answer(squeueAll("4,6"), fixture("squeue-track.after-cancel.out"));
    Map<String, JobStatus> status = slurm.track(runner, List.of("4", "6"));
    assertThat(status.get("4").state()).isEqualTo(JobState.CANCELLED);
    assertThat(status.get("6").state()).isEqualTo(JobState.CANCELLED);
  }

  @Test
  void onceForgottenTheRecordsTellAKillFromAnExitWithoutAccounting() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(squeueAll(IDS), 1, "", Fixtures.slurm("jobs/squeue-j-99999.invalid.err"))
            .answer(
                SacctFormat.RECOMMENDED.command("-j", IDS),
                1,
                "",
                fixture("sacct-P-n-X-j.nodbd.err"))
            .answer(
                ExitRecords.command(List.of("1", "2", "3", "4", "5", "6")),
                fixture("exit-records.ended.out"));

    Map<String, JobStatus> status = slurm.track(runner, List.of("1", "2", "3", "4", "5", "6"));

    assertThat(status.get("1").state()).isEqualTo(JobState.COMPLETED);
    assertThat(status.get("2").state()).isEqualTo(JobState.FAILED);
    assertThat(status.get("2").job().exitCode()).isEqualTo(3);
    JobStatus timedOut = status.get("3");
    assertThat(timedOut.source()).isEqualTo(JobStatus.Source.RECORD);
    assertThat(timedOut.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timedOut.job().signal()).isEqualTo(15);
    assertThat(timedOut.note()).contains("Slurm accounting storage is disabled");
    JobStatus cancelled = status.get("5");
    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.job().exitCode()).isNull();
    assertThat(status.get("4").state())
        .as("cancelled before it started: no record, and Slurm forgot it")
        .isEqualTo(JobState.LOST);
    assertThat(status.get("4").note()).contains("left no exit-status record");
  }

  @Test
  void oneLineThatCannotBeReadLeavesTheOthersFollowedAndNamesTheCommandThatRan() {
    String lines = fixture("squeue-track.ended.out");
    String broken = lines.replace("|3:0|fail3|", "|3:0:9|fail3|");
    ScriptedRunner runner = new ScriptedRunner().answer(squeueAll(IDS), broken);

    Map<String, JobStatus> status = slurm.track(runner, List.of("1", "2", "3", "4", "5", "6"));

    assertThat(status.get("1").state()).isEqualTo(JobState.COMPLETED);
    assertThat(status.get("3").state()).isEqualTo(JobState.TIMEOUT);
    JobStatus unread = status.get("2");
    assertThat(unread.source()).isEqualTo(JobStatus.Source.NOT_FOUND);
    assertThat(unread.note())
        .contains("`" + squeueAll(IDS) + "`")
        .contains("line 2")
        .contains("exit_code '3:0:9'");
  }

  @Test
  void theQueueViewReadsPendingReasonsAndGpuAsks() {
    String command = SqueueFormat.RECOMMENDED.command("-a");
    ScriptedRunner runner =
        new ScriptedRunner().answer(command, fixture("squeue-h-a-O-recommended.running.out"));
    List<QueueEntry> queue = slurm.queue(runner);
    assertThat(queue).extracting(QueueEntry::id).containsExactly("4", "5", "6", "3");
    assertThat(queue).extracting(QueueEntry::reason).startsWith("Resources", "Priority");
    assertThat(queue).extracting(QueueEntry::gpus).containsExactly(1, 2, 4, 1);
  }

  @Test
  void aMixedPlannedNodeIsMixedWithItsFreeGpusCounted() {
    for (SinfoFormat format : List.of(SinfoFormat.RICH, SinfoFormat.PLAIN)) {
      String file =
          format == SinfoFormat.RICH
              ? "sinfo-N-h-O-rich.planned.out"
              : "sinfo-N-h-o-plain.planned.out";
      SinfoSnapshot snapshot = SinfoTextParser.parse(format, fixture(file));
      NodeInfo g1 = snapshot.nodes().get(0);
      assertThat(g1.rawState()).isEqualTo("mixed-");
      assertThat(g1.state()).as(file).isEqualTo(NodeState.MIXED);
      assertThat(g1.partitions()).containsExactly("cpu", "debug", "gpu");
    }
    NodeInfo rich =
        SinfoTextParser.parse(SinfoFormat.RICH, fixture("sinfo-N-h-O-rich.planned.out"))
            .nodes()
            .get(0);
    assertThat(rich.gpusInUse()).as("gpu:a100:2(IDX:0-1) of gpu:a100:4").isEqualTo(2);
    assertThat(SlurmNodeState.map("MIXED+PLANNED")).isEqualTo(NodeState.MIXED);
  }

  @Test
  void detectSaysWhySinfoCannotReadItsConfiguration() {
    SlurmProbe probe = new SlurmProbe();
    for (String err : List.of("sinfo--version.unreadable-conf.err", "sinfo--version.no-conf.err")) {
      ScriptedRunner runner =
          new ScriptedRunner().answer(SlurmProbe.VERSION_COMMAND, 1, "", fixture(err));
      ProbeStatus status = probe.status(runner);
      assertThat(status.state()).as(err).isEqualTo(ProbeStatus.State.NOT_ANSWERING);
      assertThat(status.reason())
          .contains("cannot read its configuration file")
          .contains("Unable to process configuration file")
          .doesNotContain("does not name a Slurm release");
    }
    ScriptedRunner ok =
        new ScriptedRunner().answer("sinfo --version", fixture("sinfo--version.out"));
    assertThat(SlurmVersion.parse(ok.run("sinfo --version").stdout()).release())
        .isEqualTo("25.11.7");
  }

  private static io.examlops.fleet.transport.CommandResult result(
      String command, int exit, String stderr) {
    return new ScriptedRunner().answer(command, exit, "", stderr).run(command);
  }
}
