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
        .contains("trap 'echo \"exited $? $(date +%s)\" >> ");
  }
}
