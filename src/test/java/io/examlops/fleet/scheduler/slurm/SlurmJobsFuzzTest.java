package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import java.time.ZoneId;
import java.util.List;

/**
 * Coverage-guided fuzzing of what Slurm job handling reads (docs/reliability.md): squeue and sacct
 * in every format they are run with, sbatch, scancel, sacctmgr associations and the small fields
 * inside them. A parse error must be the parser's located error ({@link ProbeException} naming the
 * command, or the field's {@link IllegalArgumentException}); anything else thrown, a hang or a
 * memory blow-up is a finding. Seeds: SlurmJobsFuzzTestInputs/, from the real captures.
 */
class SlurmJobsFuzzTest {
  private static final List<SqueueFormat> SQUEUE_FORMATS =
      List.of(SqueueFormat.RECOMMENDED, SqueueFormat.LETTERS);
  private static final ZoneId ZONE = ZoneId.of("Europe/Berlin");

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void squeue(byte[] data) {
    String stdout = FuzzInput.text(data);
    for (SqueueFormat format : SQUEUE_FORMATS) {
      FuzzInput.readOrRefused(format.command(), () -> SqueueParser.parse(format, stdout));
    }
  }

  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void sacct(byte[] data) {
    String stdout = FuzzInput.text(data);
    for (SlurmGpuTracking tracking : SlurmGpuTracking.values()) {
      FuzzInput.readOrRefused(
          SacctFormat.RECOMMENDED.command(),
          () -> SacctParser.parse(SacctFormat.RECOMMENDED, stdout, ZONE, tracking));
    }
  }

  /**
   * a: sbatch stdout (exit 0), b: sbatch stderr (exit 1), c: scancel stderr, d: sacctmgr
   * associations, e: an elapsed time, f: a timestamp, g: a TRES/GRES GPU list, h: a job state.
   */
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void slurmJobFields(byte[] data) {
    String text = FuzzInput.rest(data);
    int choice = FuzzInput.choice(data, 8);
    try {
      switch (choice) {
        case 0 -> SbatchParser.parse(new CommandResult("sbatch --parsable", 0, text, "", false));
        case 1 ->
            assertThat(
                    SbatchParser.parse(new CommandResult("sbatch --parsable", 1, "", text, false))
                        .accepted())
                .isFalse();
        case 2 -> {
          assertThat(ScancelParser.parse(new CommandResult("scancel -v 1", 1, "", text, false)))
              .isNotNull();
          assertThat(ScancelParser.parse(new CommandResult("scancel -v 1", 0, "", text, false)))
              .isNotNull();
        }
        case 3 -> SacctmgrAssociationParser.parse("sacctmgr -n -P show assoc", text, "alice");
        case 4 -> ClockDuration.parse(text, ClockDuration.Form.ELAPSED);
        case 5 -> SlurmTimes.parse(text, ZONE);
        case 6 -> SlurmGpus.count(text);
        default -> assertThat(SlurmJobStates.normalize(text)).isNotNull();
      }
    } catch (ProbeException e) {
      assertThat(choice).isIn(0, 3);
      assertThat(e.getMessage()).containsAnyOf("sbatch --parsable", "sacctmgr -n -P show assoc");
    } catch (IllegalArgumentException e) {
      assertThat(choice).isIn(4, 5, 6);
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
