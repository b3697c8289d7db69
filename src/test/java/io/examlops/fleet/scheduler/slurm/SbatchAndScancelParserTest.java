package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import org.junit.jupiter.api.Test;

class SbatchAndScancelParserTest {
  private static CommandResult run(int exit, String outFixture, String errFixture) {
    return new CommandResult(
        "sbatch --parsable ...",
        exit,
        outFixture == null ? "" : Fixtures.slurm("jobs/" + outFixture),
        errFixture == null ? "" : Fixtures.slurm("jobs/" + errFixture),
        false);
  }

  @Test
  void parsableIdAndCluster() {
    SubmitReply plain = SbatchParser.parse(run(0, "sbatch--parsable.train-a100.out", null));
    assertThat(plain.accepted()).isTrue();
    assertThat(plain.jobId()).isEqualTo("3");
    assertThat(plain.cluster()).isNull();

    SubmitReply clustered = SbatchParser.parse(run(0, "sbatch--parsable-clusters.out", null));
    assertThat(clustered.jobId()).isEqualTo("12");
    assertThat(clustered.cluster()).isEqualTo("testcluster");
  }

  @Test
  void plainSbatchSentence() {
    assertThat(SbatchParser.parse(run(0, "sbatch.plain.out", null)).jobId()).isEqualTo("13");
  }

  @Test
  void rejectionsPassSbatchsOwnWordsOn() {
    SubmitReply partition =
        SbatchParser.parse(run(1, "sbatch.invalid-partition.out", "sbatch.invalid-partition.err"));
    assertThat(partition.accepted()).isFalse();
    assertThat(partition.jobIds()).isEmpty();
    assertThat(partition.message()).contains("invalid partition specified: nosuch");

    SubmitReply gres =
        SbatchParser.parse(run(1, "sbatch.invalid-gres.out", "sbatch.invalid-gres.err"));
    assertThat(gres.message()).contains("Requested node configuration is not available");

    SubmitReply down = SbatchParser.parse(run(1, null, "sbatch--parsable.ctld-down.err"));
    assertThat(down.message()).contains("Unable to contact slurm controller");
  }

  @Test
  void successWithoutAnIdIsAnError() {
    assertThatThrownBy(() -> SbatchParser.parse(new CommandResult("sbatch x", 0, "", "", false)))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("sbatch x");
    assertThatThrownBy(
            () -> SbatchParser.parse(new CommandResult("sbatch x", 0, "hello\n", "", false)))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1");
  }

  private static CancelOutcome cancel(int exit, String errFixture) {
    return ScancelParser.parse(
            new CommandResult(
                "scancel -v 1",
                exit,
                "",
                errFixture == null ? "" : Fixtures.slurm("jobs/" + errFixture),
                false))
        .outcome();
  }

  @Test
  void scancelOutcomes() {
    assertThat(cancel(0, "scancel-v.pending.err")).isEqualTo(CancelOutcome.REQUESTED);
    assertThat(cancel(0, null)).isEqualTo(CancelOutcome.REQUESTED);
    assertThat(cancel(0, "scancel-v.nonexistent.err")).isEqualTo(CancelOutcome.NOT_FOUND);
    assertThat(cancel(210, "scancel.other-user.err")).isEqualTo(CancelOutcome.PERMISSION_DENIED);
    assertThat(cancel(1, "scancel.bad-id.err")).isEqualTo(CancelOutcome.NOT_FOUND);
    assertThat(
            ScancelParser.parse(
                    new CommandResult(
                        "scancel -v 1",
                        0,
                        "",
                        "scancel: error: Kill job error on job id 1: Job/step already completing"
                            + " or completed\n",
                        false))
                .outcome())
        .isEqualTo(CancelOutcome.ALREADY_ENDED);
    assertThat(
            ScancelParser.parse(new CommandResult("scancel -v 1", 1, "", "boom\n", false))
                .message())
        .isEqualTo("boom");
  }

  @Test
  void scancelCommandQuotesTheId() {
    assertThat(ScancelParser.command("5_2")).isEqualTo("scancel -v 5_2");
    assertThat(ScancelParser.command("1;reboot")).isEqualTo("scancel -v '1;reboot'");
  }
}
