package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class SacctParserTest {
  /** sacct -P -n -X -a -o JobID,JobName,User,Account,Partition,State,ExitCode,... (the capture). */
  private static final SacctFormat WIDE =
      new SacctFormat(
          List.of(
              SacctField.JOB_ID,
              SacctField.JOB_NAME,
              SacctField.USER,
              SacctField.ACCOUNT,
              SacctField.PARTITION,
              SacctField.STATE,
              SacctField.EXIT_CODE,
              SacctField.ELAPSED,
              SacctField.START,
              SacctField.END,
              SacctField.NODE_LIST,
              SacctField.ALLOC_TRES,
              SacctField.REQ_TRES));

  private static final SacctFormat SHORT =
      new SacctFormat(
          List.of(SacctField.JOB_ID, SacctField.STATE, SacctField.ELAPSED, SacctField.ALLOC_TRES));

  private static JobAccounting byId(List<JobAccounting> records, String id) {
    return records.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  private static List<JobAccounting> wide(SlurmGpuTracking tracking) {
    return SacctParser.parse(
        WIDE, Fixtures.slurm("jobs/sacct-P-n-X-o-wide.busy.out"), ZoneOffset.UTC, tracking);
  }

  @Test
  void readsTheWideBusyAccounting() {
    List<JobAccounting> r = wide(SlurmGpuTracking.INFER);
    assertThat(r).hasSize(16);

    JobAccounting train = byId(r, "3");
    assertThat(train.name()).isEqualTo("train-a100");
    assertThat(train.account()).isEqualTo("ml");
    assertThat(train.partition()).isEqualTo("gpu");
    assertThat(train.state()).isEqualTo(JobState.RUNNING);
    assertThat(train.gpus()).isEqualTo(2);
    assertThat(train.elapsed()).isEqualTo(Duration.ofSeconds(101));
    assertThat(train.start()).isEqualTo(Instant.parse("2026-11-29T18:08:27Z"));
    assertThat(train.end()).isNull();
    assertThat(train.exitCode()).isNull();
    assertThat(train.nodeList()).isEqualTo("g1");
    assertThat(train.gpuHours()).isEqualByComparingTo(new BigDecimal("0.056111"));

    JobAccounting timeout = byId(r, "19");
    assertThat(timeout.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timeout.end()).isEqualTo(Instant.parse("2026-11-29T18:09:57Z"));

    JobAccounting failed = byId(r, "18");
    assertThat(failed.exitCode()).isEqualTo(3);
    assertThat(failed.signal()).isNull();

    JobAccounting signalled = byId(r, "13");
    assertThat(signalled.exitCode()).isZero();
    assertThat(signalled.signal()).isEqualTo(53);
  }

  @Test
  void pendingJobsCarryTheirGpuAskAndNoTimesOrNodes() {
    JobAccounting big = byId(wide(SlurmGpuTracking.INFER), "8");
    assertThat(big.state()).isEqualTo(JobState.PENDING);
    assertThat(big.gpus()).isEqualTo(4);
    assertThat(big.start()).isNull();
    assertThat(big.nodeList()).isNull();
    assertThat(big.gpuHours()).isZero();
  }

  @Test
  void cpuJobsHaveZeroGpusOnlyWhenGpusAreTracked() {
    assertThat(byId(wide(SlurmGpuTracking.INFER), "1").gpus()).isZero();
    assertThat(byId(wide(SlurmGpuTracking.TRACKED), "1").gpus()).isZero();
    assertThat(byId(wide(SlurmGpuTracking.NOT_TRACKED), "1").gpus()).isNull();
    assertThat(byId(wide(SlurmGpuTracking.NOT_TRACKED), "1").gpuHours()).isNull();
    // the GPU job's own gres/gpu is read whatever the setting
    assertThat(byId(wide(SlurmGpuTracking.NOT_TRACKED), "3").gpus()).isEqualTo(2);
  }

  @Test
  void inferenceWithoutAnyGpuJobLeavesCpuJobsUnknown() {
    String out = "12|COMPLETED|00:00:02|billing=1,cpu=1,mem=500M,node=1\n";
    JobAccounting job =
        SacctParser.parse(SHORT, out, ZoneOffset.UTC, SlurmGpuTracking.INFER).get(0);
    assertThat(job.gpus()).isNull();
    assertThat(job.gpuHours()).isNull();
  }

  @Test
  void skipsStepLinesWhoseStateIsNotTheJobs() {
    List<JobAccounting> r =
        SacctParser.parse(
            SHORT,
            Fixtures.slurm("jobs/sacct-P-n-o.busy.out"),
            ZoneOffset.UTC,
            SlurmGpuTracking.INFER);
    assertThat(r).extracting(JobAccounting::id).doesNotContain("19.batch", "5_0.batch");
    assertThat(byId(r, "19").state()).isEqualTo(JobState.TIMEOUT);
    assertThat(byId(r, "19").elapsed()).isEqualTo(Duration.ofSeconds(74));
    assertThat(byId(r, "4").gpus()).isEqualTo(1);
  }

  @Test
  void cancelledByUidIsCancelled() {
    List<JobAccounting> r =
        SacctParser.parse(
            SHORT,
            Fixtures.slurm("jobs/sacct-P-n-o.after-cancel.out"),
            ZoneOffset.UTC,
            SlurmGpuTracking.INFER);
    assertThat(byId(r, "1").state()).isEqualTo(JobState.CANCELLED);
    assertThat(byId(r, "1").rawState()).isEqualTo("CANCELLED by 1001");

    SacctFormat idNameState =
        new SacctFormat(
            List.of(
                SacctField.JOB_ID,
                SacctField.JOB_NAME,
                SacctField.STATE,
                SacctField.EXIT_CODE,
                SacctField.ELAPSED));
    JobAccounting one =
        SacctParser.parse(
                idNameState,
                Fixtures.slurm("jobs/sacct-P-n-X-j-1.cancelled.out"),
                ZoneOffset.UTC,
                SlurmGpuTracking.INFER)
            .get(0);
    assertThat(one.state()).isEqualTo(JobState.CANCELLED);
    assertThat(one.exitCode())
        .as("0:0 of a cancelled job is no exit status, never exit 0")
        .isNull();
    assertThat(one.elapsed()).isEqualTo(Duration.ofSeconds(110));
    assertThat(one.gpus()).isNull();
  }

  @Test
  void unknownJobIsEmpty() {
    assertThat(
            SacctParser.parse(
                SHORT,
                Fixtures.slurm("jobs/sacct-P-n-j-99999.unknown.out"),
                ZoneOffset.UTC,
                SlurmGpuTracking.INFER))
        .isEmpty();
  }

  @Test
  void recommendedFormKeepsBarsInTheNameAndReadsEpochTimes() {
    String out =
        "42|hpcuser|ml|gpu|COMPLETED|0:0|01:00:00|1795975707|1795979307|2|"
            + "billing=8,cpu=8,gres/gpu=8,mem=8G,node=2|billing=8,cpu=8,gres/gpu=8,mem=8G,node=2|"
            + "g[1-2]|train|big\n";
    JobAccounting job =
        SacctParser.parse(SacctFormat.RECOMMENDED, out, ZoneOffset.UTC, SlurmGpuTracking.INFER)
            .get(0);
    assertThat(job.name()).isEqualTo("train|big");
    assertThat(job.nodes()).isEqualTo(2);
    assertThat(job.start()).isEqualTo(Instant.ofEpochSecond(1795975707));
    assertThat(job.gpuHours()).isEqualByComparingTo("8");
  }

  @Test
  void recommendedCommand() {
    assertThat(SacctFormat.RECOMMENDED.command("-j", "42"))
        .isEqualTo(
            "TZ=UTC SLURM_TIME_FORMAT=standard sacct -P -n -X -j 42 -o JobID,User,Account,Partition,"
                + "State,ExitCode,Elapsed,Start,End,NNodes,AllocTRES,ReqTRES,NodeList,JobName");
  }

  @Test
  void relativeTimesAreRejectedWithTheFix() {
    String out = "12|x|u|a|cpu|COMPLETED|0:0|00:00:02|Tomorr 18:08|Unknown|n4||\n";
    assertThatThrownBy(() -> SacctParser.parse(WIDE, out, ZoneOffset.UTC, SlurmGpuTracking.INFER))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("SLURM_TIME_FORMAT=standard");
  }

  /** Found by SlurmJobsFuzzTest#sacct: the GPU-tracking guess let a raw exception through. */
  @Test
  void unreadableGpuCountNamesCommandAndLine() {
    String out = "12|COMPLETED|00:00:02|cpu=1\n13|FAILED|00:00:01|cpu=1,gres/gpu=m=e5\n";
    assertThatThrownBy(() -> SacctParser.parse(SHORT, out, ZoneOffset.UTC, SlurmGpuTracking.INFER))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("sacct -P -n -X")
        .hasMessageContaining("gres/gpu=m=e5");
  }

  /** Found reviewing SlurmJobsFuzzTest: epoch seconds beyond what an Instant holds. */
  @Test
  void epochTooLargeForAnInstantNamesCommandAndLine() {
    String out = "12|x|u|a|cpu|COMPLETED|0:0|00:00:02|99999999999999999|Unknown|n4||\n";
    assertThatThrownBy(() -> SacctParser.parse(WIDE, out, ZoneOffset.UTC, SlurmGpuTracking.INFER))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("99999999999999999");
  }

  @Test
  void shortLineNamesCommandAndLine() {
    String out = "12|COMPLETED|00:00:02|cpu=1\n13|FAILED\n";
    assertThatThrownBy(() -> SacctParser.parse(SHORT, out, ZoneOffset.UTC, SlurmGpuTracking.INFER))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("sacct -P -n -X");
  }
}
