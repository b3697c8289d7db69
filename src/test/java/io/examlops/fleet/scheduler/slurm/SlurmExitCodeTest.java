package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlurmExitCodeTest {

  @ParameterizedTest
  @CsvSource({
    // status:signal, squeue -O exit_code since 23.02 and sacct ExitCode on every release
    "0:0, 0, 0",
    "3:0, 3, 0",
    "0:15, 0, 15",
    "0:9, 0, 9",
    "255:0, 255, 0",
    // the raw wait status squeue 22.05 printed
    "0, 0, 0",
    "768, 3, 0",
    "15, 0, 15",
    "9, 0, 9",
    "65280, 255, 0"
  })
  void bothFormsReadToTheSameStatusAndSignal(String printed, int status, int signal) {
    SlurmExitCode code = SlurmExitCode.parse("exit_code", printed);
    assertThat(code.status()).isEqualTo(status);
    assertThat(code.signal()).isEqualTo(signal);
    assertThat(code.signalOrNull()).isEqualTo(signal == 0 ? null : signal);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "4294967294", "-2"})
  void nothingOrNoValIsNoExitStatusYet(String printed) {
    assertThat(SlurmExitCode.parse("exit_code", printed)).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"3:", "a:b", "3:0:1", "exit 3", "1.5"})
  void anythingElseNamesTheColumnAndBothForms(String printed) {
    assertThatThrownBy(() -> SlurmExitCode.parse("exit_code", printed))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("exit_code '" + printed + "'")
        .hasMessageContaining("status:signal")
        .hasMessageContaining("wait status");
  }
}
