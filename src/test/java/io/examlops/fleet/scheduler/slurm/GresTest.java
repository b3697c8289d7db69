package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.GpuGroup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GresTest {

  @ParameterizedTest
  @ValueSource(strings = {"(null)", "", "  ", "N/A", "nvme:2", "tmp:844G", "mps:20,shard:8"})
  void noGpus(String gres) {
    assertThat(Gres.gpus(gres)).isEmpty();
    assertThat(Gres.gpuCount(gres)).isZero();
  }

  @Test
  void nullHasNoGpus() {
    assertThat(Gres.gpus(null)).isEmpty();
  }

  @Test
  void untypedTypedAndNullTyped() {
    assertThat(Gres.gpus("gpu:4")).containsExactly(GpuGroup.untyped(4));
    assertThat(Gres.gpus("gpu:a100:4")).containsExactly(GpuGroup.of("a100", 4));
    assertThat(Gres.gpus("gpu:(null):3(IDX:0-7)")).containsExactly(GpuGroup.untyped(3));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "gpu:a100:4(S:0-1); 4",
        "gpu:a100:4(S:0,2-3); 4",
        "gpu:a100:2(IDX:0-1); 2",
        "gpu:a100:2(IDX:0,2); 2",
        "gpu:a100:0(IDX:N/A); 0",
        "gpu:(null):0(IDX:N/A); 0",
        "gpu:0; 0",
        "gpu:a100:2,tmp:844G; 2",
        "gres:gpu:a100:2; 2",
        "gres/gpu=4; 4",
        "gres/gpu:a100=2; 2",
        "gpu; 1",
        "gpu:tesla; 1",
        "gpu:1K; 1024"
      })
  void counts(String gres, int count) {
    assertThat(Gres.gpuCount(gres)).isEqualTo(count);
  }

  @Test
  void severalTypesWithCommasInsideAnnotations() {
    assertThat(Gres.gpus("gpu:a100:2(S:0,2-3),gpu:v100:1(S:1),nvme:2"))
        .containsExactly(GpuGroup.of("a100", 2), GpuGroup.of("v100", 1));
    assertThat(Gres.gpus("gpu:a100:8(S:0-1),mps:20")).containsExactly(GpuGroup.of("a100", 8));
  }

  @Test
  void sameTypeIsSummed() {
    assertThat(Gres.gpus("gpu:tesla:1(S:0),gpu:tesla:1(S:1)"))
        .containsExactly(GpuGroup.of("tesla", 2));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"gpu:a100:x", "gpu:a100:4(S:0", "gpu:a100:4)", "gpu:a:b:4", "gpu:a100:-1"})
  void garbageIsRejectedWithTheInput(String gres) {
    assertThatThrownBy(() -> Gres.gpus(gres))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(gres);
  }

  /** Found reviewing SlurmDiscoveryFuzzTest: GPU sums overflowed (an exception, or a negative). */
  @ParameterizedTest
  @ValueSource(strings = {"gpu:2000000000,gpu:2000000000", "gpu:a:2000000000,gpu:b:2000000000"})
  void gpuSumsTooLargeToBeRealAreRejected(String gres) {
    assertThatThrownBy(() -> Gres.gpuCount(gres))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(gres)
        .hasMessageContaining("too large to be real");
  }
}
