package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqueueParserTest {
  private static QueueEntry byId(List<QueueEntry> entries, String id) {
    return entries.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void letterFormReadsTheBusyQueue() {
    List<QueueEntry> q =
        SqueueParser.parse(SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-h-o-pipe.busy.out"));

    assertThat(q).hasSize(12);
    QueueEntry train = byId(q, "3");
    assertThat(train.scheduler()).isEqualTo(SlurmAdapter.KIND);
    assertThat(train.name()).isEqualTo("train-a100");
    assertThat(train.user()).isEqualTo("hpcuser");
    assertThat(train.state()).isEqualTo(JobState.RUNNING);
    assertThat(train.rawState()).isEqualTo("RUNNING");
    assertThat(train.partition()).isEqualTo("gpu");
    assertThat(train.nodes()).isEqualTo(1);
    assertThat(train.cpus()).isEqualTo(4);
    assertThat(train.gpus()).isEqualTo(2);
    assertThat(train.elapsed()).isEqualTo(Duration.ofSeconds(98));
    assertThat(train.reason()).isNull();

    QueueEntry big = byId(q, "8");
    assertThat(big.state()).isEqualTo(JobState.PENDING);
    assertThat(big.reason()).isEqualTo("Resources");
    assertThat(big.gpus()).isEqualTo(4);
    assertThat(big.elapsed()).isEqualTo(Duration.ZERO);
  }

  @Test
  void letterFormLeavesGpusUnknownWhenPerNodeSaysNA() {
    // %b is N/A both for CPU jobs and for --gpus jobs, so it cannot tell them apart.
    List<QueueEntry> q =
        SqueueParser.parse(SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-h-o-pipe.busy.out"));
    assertThat(byId(q, "1").gpus()).isNull();
  }

  @Test
  void keepsArrayIdsAsSlurmPrintsThem() {
    List<QueueEntry> q =
        SqueueParser.parse(SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-h-o-pipe.busy.out"));
    assertThat(q).extracting(QueueEntry::id).contains("5_[2-3%2]", "5_0", "5_1");
    assertThat(byId(q, "5_[2-3%2]").reason()).isEqualTo("JobArrayTaskLimit");

    List<QueueEntry> tasks =
        SqueueParser.parse(SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-r-h-o-pipe.busy.out"));
    assertThat(tasks).extracting(QueueEntry::id).contains("5_2", "5_3").doesNotContain("5_[2-3%2]");
  }

  @Test
  void allStatesListingMapsEndedJobs() {
    List<QueueEntry> q =
        SqueueParser.parse(
            SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-h-t-all-o-pipe.after-cancel.out"));
    assertThat(byId(q, "1").state()).isEqualTo(JobState.CANCELLED);
    assertThat(byId(q, "1").elapsed()).isEqualTo(Duration.ofSeconds(110));
    assertThat(byId(q, "12").state()).isEqualTo(JobState.COMPLETED);
    assertThat(byId(q, "18").state()).isEqualTo(JobState.FAILED);
    assertThat(byId(q, "18").reason()).isEqualTo("NonZeroExitCode");
    assertThat(byId(q, "19").state()).isEqualTo(JobState.TIMEOUT);
    assertThat(byId(q, "20").user()).isEqualTo("root");
    assertThat(byId(q, "5_[3%2]").state()).isEqualTo(JobState.PENDING);
  }

  @Test
  void emptyOutputIsAnEmptyQueue() {
    assertThat(
            SqueueParser.parse(
                SqueueFormat.LETTERS, Fixtures.slurm("jobs/squeue-h-o-pipe.empty.out")))
        .isEmpty();
  }

  @Test
  void longFormReadsTresAllocAndBuildsArrayIdsFromTheirParts() {
    // squeue -h -O 'JobID:|,ArrayJobID:|,ArrayTaskID:|,State:|,tres-alloc:|,tres-per-node:|,Reason'
    SqueueFormat captured =
        new SqueueFormat(
            List.of(
                SqueueField.RAW_JOB_ID,
                SqueueField.ARRAY_JOB_ID,
                SqueueField.ARRAY_TASK_ID,
                SqueueField.STATE,
                SqueueField.TRES_ALLOC,
                SqueueField.TRES_PER_NODE,
                SqueueField.REASON),
            true);
    List<QueueEntry> q =
        SqueueParser.parse(captured, Fixtures.slurm("jobs/squeue-h-O-tres.busy.out"));

    assertThat(q)
        .extracting(QueueEntry::id)
        .containsExactly("5_[2-3%2]", "10", "11", "1", "2", "5_0", "5_1", "16", "8", "9", "3", "4");
    assertThat(byId(q, "3").gpus()).isEqualTo(2);
    assertThat(byId(q, "9").gpus()).isEqualTo(3);
    // tres-alloc names no GPU, but the GPU asks per job/task/socket were not printed
    assertThat(byId(q, "1").gpus()).isNull();
    // the unterminated last field is padded with spaces
    assertThat(byId(q, "10").reason()).isEqualTo("Dependency");
  }

  @Test
  void recommendedFormReadsGpusFromEveryAskAndNamesWithBars() {
    // Constructed in the RECOMMENDED column order from the busy cluster's values (no capture of
    // this exact column set exists); job 21 stands for a --gpus=2 job, whose %b is N/A.
    String out =
        String.join(
            "\n",
            "3|hpcuser|RUNNING|gpu|1|4|1:38|cpu=4,mem=4000M,node=1,billing=4,gres/gpu=2|N/A"
                + "|gres:gpu:a100:2|N/A|N/A|g1|None|train-a100|",
            "21|hpcuser|PENDING|gpu|1|1|0:00|cpu=1,mem=500M,node=1,billing=1|gres:gpu:2|N/A|N/A"
                + "|N/A||Resources|job-wide|",
            "1|hpcuser|RUNNING|cpu|1|1|1:40|cpu=1,mem=500M,node=1,billing=1|N/A|N/A|N/A|N/A|n1"
                + "|None|a|b |",
            "");
    List<QueueEntry> q = SqueueParser.parse(SqueueFormat.RECOMMENDED, out);

    assertThat(byId(q, "3").gpus()).isEqualTo(2);
    assertThat(byId(q, "3").nodeList()).isEqualTo("g1");
    assertThat(byId(q, "21").gpus()).isEqualTo(2);
    assertThat(byId(q, "21").nodeList()).isNull();
    assertThat(byId(q, "1").gpus()).isZero();
    assertThat(byId(q, "1").name()).isEqualTo("a|b ");
  }

  @Test
  void perNodeAskIsMultipliedByNodes() {
    String out = "7|u|PENDING|gpu|4|32|0:00||N/A|gres/gpu:a100:4|N/A|N/A||Priority|wide|\n";
    assertThat(SqueueParser.parse(SqueueFormat.RECOMMENDED, out).get(0).gpus()).isEqualTo(16);
  }

  @Test
  void recommendedCommandIsTheFormatItParses() {
    assertThat(SqueueFormat.RECOMMENDED.command("-a"))
        .isEqualTo(
            "squeue -h -a -O 'JobArrayID:|,UserName:|,State:|,Partition:|,NumNodes:|,NumCPUs:|,"
                + "TimeUsed:|,tres-alloc:|,tres-per-job:|,tres-per-node:|,tres-per-task:|,"
                + "tres-per-socket:|,NodeList:|,Reason:|,Name:|'");
    assertThat(SqueueFormat.LETTERS.command())
        .isEqualTo("squeue -h -o '%i|%j|%u|%T|%M|%D|%C|%b|%P|%r'");
    assertThat(SqueueFormat.RECOMMENDED.command("-j", "5; rm -rf /")).contains("'5; rm -rf /'");
  }

  @Test
  void unknownStateStaysUnknown() {
    String out = "3|x|hpcuser|WEIRD_NEW_STATE|1:00|1|1|N/A|cpu|None\n";
    assertThat(SqueueParser.parse(SqueueFormat.LETTERS, out).get(0).state())
        .isEqualTo(JobState.UNKNOWN);
  }

  @Test
  void garbageNamesCommandAndLine() {
    String out = "1|cpu-small|hpcuser|RUNNING|1:40|1|1|N/A|cpu|None\nnot a squeue line\n";
    assertThatThrownBy(() -> SqueueParser.parse(SqueueFormat.LETTERS, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("squeue -h -o")
        .hasMessageContaining("expected 10");
  }

  @Test
  void badTimeNamesTheLine() {
    String out = "1|cpu-small|hpcuser|RUNNING|soon|1|1|N/A|cpu|None\n";
    assertThatThrownBy(() -> SqueueParser.parse(SqueueFormat.LETTERS, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("'soon'");
  }
}
