package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlurmGpusTest {
  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "cpu=4,mem=4000M,node=1,billing=4,gres/gpu=2; 2",
        "billing=4,cpu=4,gres/gpu=2,gres/gpu:a100=2,mem=4000M,node=1; 2",
        "cpu=8,gres/gpu:a100=2,gres/gpu:v100=1; 3",
        "gres:gpu:a100:2; 2",
        "gres:gpu:2; 2",
        "gres/gpu:4; 4",
        "gres/gpu:h100:8; 8",
        "gpu:3; 3",
        "gres:gpu; 1",
        "gres:gpu:a100:2(IDX:0-1); 2",
        "gres:gpu:a100:1,gres:gpu:v100:1; 2",
        "gres:nvme:2,gres:gpu:1; 1"
      })
  void countsGpusInTresAndGresForms(String list, int expected) {
    assertThat(SlurmGpus.count(list)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"N/A", "", "cpu=1,mem=500M,node=1,billing=1", "gres:nvme:2", "gres/gpumem=40G"})
  void noGpuEntryIsUnknownNotZero(String list) {
    assertThat(SlurmGpus.count(list)).isNull();
  }

  @Test
  void rejectsANonNumericCount() {
    assertThatThrownBy(() -> SlurmGpus.count("gres/gpu=two"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("gres/gpu=two");
  }
}
