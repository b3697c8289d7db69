package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.examlops.fleet.fuzz.FuzzInput;
import io.examlops.fleet.model.UnitDuration;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;

/**
 * Coverage-guided fuzzing of what Flux job handling reads (docs/reliability.md): {@code flux jobs}
 * text, and the small outputs: submit, job ids in every form, durations, {@code flux version},
 * queue config, flux-accounting users. A parse error must be the parser's located error ({@link
 * ProbeException} naming the command, or the field's {@link IllegalArgumentException}); anything
 * else thrown, a hang or a memory blow-up is a finding. Seeds: FluxJobsFuzzTestInputs/, from the
 * real captures.
 */
class FluxJobsFuzzTest {
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void jobsText(byte[] data) {
    String stdout = FuzzInput.text(data);
    String command = FluxJobsFormat.RECOMMENDED.command();
    FuzzInput.readOrRefused(
        command, () -> FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, stdout));
    FuzzInput.readOrRefused(
        command, () -> FluxJobsParser.accounting(FluxJobsFormat.RECOMMENDED, stdout));
  }

  /**
   * a: flux submit stdout, b: a job id, c: a duration, d: flux version, e: a release number, f:
   * {@code flux config get queues}, g: {@code flux account view-user}.
   */
  @DictionaryFile(resourcePath = FuzzInput.NUMBERS)
  @FuzzTest
  void fluxFields(byte[] data) {
    String text = FuzzInput.rest(data);
    int choice = FuzzInput.choice(data, 7);
    try {
      switch (choice) {
        case 0 -> FluxSubmitParser.parse(new CommandResult("flux submit", 0, text, "", false));
        case 1 -> {
          long id = FluxJobId.parse(text);
          assertThat(FluxJobId.parse(FluxJobId.toF58Plain(id))).isEqualTo(id);
          assertThat(FluxJobId.parse(FluxJobId.toDec(id))).isEqualTo(id);
        }
        case 2 -> UnitDuration.parse(text);
        case 3 -> FluxVersion.parse("flux version", text);
        case 4 -> FluxRelease.parse(text);
        case 5 -> FluxConfigParser.parseQueues("flux config get queues", text);
        default -> FluxUserParser.parse("flux account view-user -P alice", text);
      }
    } catch (ProbeException e) {
      assertThat(choice).isIn(0, 3, 5, 6);
      assertThat(e.getMessage()).containsPattern("flux (submit|version|config|account)");
    } catch (IllegalArgumentException e) {
      assertThat(choice).isIn(1, 2, 4);
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
