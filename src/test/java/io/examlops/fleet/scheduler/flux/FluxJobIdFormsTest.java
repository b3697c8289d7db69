package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every form of one job id that flux-core 0.88 printed ({@code flux job id --to=...}). */
class FluxJobIdFormsTest {
  private static final List<String> FORMS =
      LiveFlux.stdout("A-hwloc-test4/63-job-id-conv").strip().lines().toList();

  @Test
  void everyNumericFormDecodesToTheSameId() {
    long id = FluxJobId.parse("ƒMz4uQyd");

    assertThat(FORMS).hasSize(6);
    assertThat(FluxJobId.parse(FORMS.get(0))).as("dec").isEqualTo(id);
    assertThat(FluxJobId.parse(FORMS.get(1))).as("hex").isEqualTo(id);
    assertThat(FluxJobId.parse(FORMS.get(2))).as("dothex").isEqualTo(id);
    assertThat(FluxJobId.parse(FORMS.get(4))).as("f58plain").isEqualTo(id);
    assertThat(FluxJobId.parse(FORMS.get(5))).as("kvs").isEqualTo(id);
  }

  @Test
  void theWordsFormIsRecognisedForConversionOnTheCluster() {
    assertThat(FORMS.get(3)).isEqualTo("dallas-chris-weather--craft-academy-academy");
    assertThat(FluxJobId.isWords(FORMS.get(3))).isTrue();
    assertThat(FORMS.stream().filter(FluxJobId::isWords)).hasSize(1);
  }
}
