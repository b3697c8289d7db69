package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.transport.ScriptedRunner;
import org.junit.jupiter.api.Test;

class DetectorTest {
  private final Detector detector = new Detector(Discovery.defaultProbes());

  @Test
  void aHostWithNoSchedulerIsReportedAsNoneWithWhatWasTried() {
    ScriptedRunner nothing = new ScriptedRunner();

    Detection detection = detector.detect(nothing);

    assertThat(detection.found()).isFalse();
    assertThat(detection.scheduler()).isEqualTo(SchedulerKind.NONE);
    assertThat(detection.caps()).isNull();
    assertThat(detection.notes())
        .containsExactly("flux: not available", "slurm: not available", "unmanaged: not available");
    assertThat(detection.commandsRun()).isEqualTo(nothing.commands().size());
  }

  @Test
  void slurmIsDetectedFromItsRealOutputsAndGpusAreLeftToEnrichment() {
    ScriptedRunner slurm =
        new ScriptedRunner()
            .answerFromResource("sinfo --version", 0, "fixtures/slurm/sinfo--version.out")
            .answerFromResource("sinfo -N -h -O", 0, "fixtures/slurm/sinfo-N-h-O-rich.testbed.out")
            .answerFromResource(
                "sacctmgr -n -P show account", 0, "fixtures/slurm/sacctmgr-n-P-show-account.out");

    Detection detection = detector.detect(slurm);

    assertThat(detection.scheduler()).isEqualTo(SchedulerKind.SLURM);
    assertThat(detection.caps().version()).isEqualTo("22.05.8");
    assertThat(detection.caps().accounting()).isTrue();
    assertThat(detection.caps().nodes()).isEqualTo(7);
    assertThat(detection.caps().gpus()).isEqualTo(6);
    assertThat(detection.caps().idleGpus()).isEqualTo(4);
    assertThat(detection.nodes()).hasSize(7);
    assertThat(detection.gpus()).isEmpty();
    assertThat(detection.notes())
        .anySatisfy(n -> assertThat(n).contains("GPU counts only").contains("nvidia-smi"));
    assertThat(slurm.commands()).filteredOn(c -> c.startsWith("sinfo -N")).hasSize(1);
  }
}
