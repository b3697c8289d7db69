package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExitRecordParserTest {
  private static final String COMMAND = ExitRecords.command(List.of("5", "6", "7", "8"));

  @Test
  void readsEachJobsRecordAndLeavesOutJobsWithout() {
    Map<String, ExitRecord> records =
        ExitRecordParser.parse(
            COMMAND,
            "== 5\nstarted 1764445690\nexited 3 1764445697\n== 6\nstarted 1764445690\n== 7\n"
                + "== 8\nstarted 1764445000\nexited 0 1764445010\nstarted 1764445690\n"
                + "exited 0 1764445691\n");

    assertThat(records.keySet()).containsExactly("5", "6", "8");
    assertThat(records.get("5").exitStatus()).isEqualTo(3);
    assertThat(records.get("5").elapsed()).isEqualTo(Duration.ofSeconds(7));
    assertThat(records.get("6").exited()).isFalse();
    assertThat(records.get("6").started()).isEqualTo(Instant.ofEpochSecond(1764445690));
    assertThat(records.get("8").started())
        .as("a requeued job's last run counts")
        .isEqualTo(Instant.ofEpochSecond(1764445690));
  }

  @Test
  void aSignalLineMakesTheRecordAKillEndingWhenTheSignalCame() {
    Map<String, ExitRecord> records =
        ExitRecordParser.parse(
            COMMAND,
            "== 5\nstarted 1764445690\nlimit 1764445750\nsignal 15 1764445781\n"
                + "exited 143 1764445782\n== 6\nstarted 1764445690\nlimit 1764449290\n"
                + "signal 15 1764445700\nexited 143 1764445700\n"
                + "== 7\nstarted 1764445000\nsignal 15 1764445010\nexited 143 1764445010\n"
                + "started 1764445690\nexited 0 1764445691\n");

    ExitRecord timedOut = records.get("5");
    assertThat(timedOut.signal()).isEqualTo(15);
    assertThat(timedOut.ended()).isEqualTo(Instant.ofEpochSecond(1764445781));
    assertThat(timedOut.limit()).isEqualTo(Instant.ofEpochSecond(1764445750));
    assertThat(timedOut.killedAtLimit()).isTrue();
    assertThat(records.get("6").killedAtLimit()).isFalse();
    assertThat(records.get("6").signal()).isEqualTo(15);
    assertThat(records.get("7").signal())
        .as("a requeued run that exited is not the earlier run's kill")
        .isNull();
    assertThat(records.get("7").exitStatus()).isZero();
  }

  @Test
  void anythingElseIsRefusedWithTheLine() {
    assertThatThrownBy(() -> ExitRecordParser.parse(COMMAND, "== 5\nexited soon\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("exited soon");
  }

  @Test
  void theCommandQuotesIdsAndTheScriptWritesWhatTheParserReads() {
    assertThat(ExitRecords.command(List.of("5", "6")))
        .isEqualTo(
            "cd ~ && for id in 5 6; do echo \"== $id\"; if [ -r \"examlops-$id.exit\" ];"
                + " then cat \"examlops-$id.exit\"; fi; done");
    assertThat(String.join("\n", ExitRecords.scriptLines()))
        .contains(
            "echo \"started $(date +%s)\" > \"${SLURM_SUBMIT_DIR:-$HOME}/examlops-"
                + "${SLURM_JOB_ID}.exit\"")
        .contains("trap 'echo \"exited $? $(date +%s)\" >> ")
        .contains("trap 'echo \"signal 15 $(date +%s)\" >> ")
        .contains("echo \"limit $SLURM_JOB_END_TIME\"");
  }
}
