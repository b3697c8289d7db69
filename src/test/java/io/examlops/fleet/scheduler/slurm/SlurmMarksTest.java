package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A submission found by its mark: in squeue's {@code %i|%k} lines while slurmctld remembers the
 * job, else in the exit-status records that hold its {@code mark} line.
 */
class SlurmMarksTest {
  @Test
  void theQueueLineWhoseCommentIsTheMarkGivesTheJobId() {
    String squeue = "41|exa-6-1764445000\n42|exa-7-1764445690\n43_1|(null)\n";

    assertThat(SlurmMarks.inQueue(squeue, "exa-7-1764445690")).contains("42");
    assertThat(SlurmMarks.inQueue(squeue, "exa-7-1764445691")).isEmpty();
    assertThat(SlurmMarks.inQueue("", "exa-7-1764445690")).isEmpty();
  }

  @Test
  void theRecordFileThatHoldsTheMarkGivesTheJobIdAndTheRecordStillParses() {
    assertThat(SlurmMarks.inRecords("examlops-42.exit\n")).contains("42");
    assertThat(SlurmMarks.inRecords("examlops-43_2.exit\n")).contains("43_2");
    assertThat(SlurmMarks.inRecords("grep: nothing\n")).isEmpty();
    assertThat(SlurmMarks.records("exa-7-1764445690"))
        .contains("'mark exa-7-1764445690'")
        .endsWith("; true");
    assertThat(
            ExitRecordParser.parse(
                "cat examlops-42.exit",
                "== 42\nstarted 1764445690\nmark exa-7-1764445690\nexited 0 1764445697\n"))
        .containsKey("42");
  }
}
