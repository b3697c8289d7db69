package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DetectorTest {
  private final Detector detector =
      new Detector(
          StandardSchedulers.adapters()
              .detectionProbes(
                  new SchedulerContext(
                      TestFleets.settings(Map.of()), Clock.systemUTC(), cluster -> 0)));

  @Test
  void aHostWithNoSchedulerIsReportedAsNoneWithWhatWasTried() {
    ScriptedRunner nothing = new ScriptedRunner();

    Detection detection = detector.detect(nothing);

    assertThat(detection.found()).isFalse();
    assertThat(detection.scheduler()).isEqualTo(SchedulerKind.NONE);
    assertThat(detection.caps()).isNull();
    assertThat(detection.outcome()).isEqualTo(Detection.Outcome.NOTHING);
    assertThat(detection.notes())
        .containsExactly(
            "flux: not available (flux is not installed on scripted)",
            "slurm: not available (sinfo is not installed on scripted)",
            "unmanaged: not available (nvidia-smi is not installed on scripted)");
    assertThat(detection.commandsRun()).isEqualTo(nothing.commands().size());
  }

  @Test
  void slurmIsDetectedFromItsRealOutputsAndGpusAreLeftToEnrichment() {
    ScriptedRunner slurm =
        new ScriptedRunner()
            .answer("sinfo --version", 0, Fixtures.slurm("sinfo--version.out"), "")
            .answer("sinfo -N -h -O", 0, Fixtures.slurm("sinfo-N-h-O-rich.testbed.out"), "")
            .answer(
                "sacctmgr -n -P show account",
                0,
                Fixtures.slurm("sacctmgr-n-P-show-account.out"),
                "");

    Detection detection = detector.detect(slurm);

    assertThat(detection.scheduler()).isEqualTo(SlurmAdapter.KIND);
    assertThat(detection.caps().version()).isEqualTo("22.05.8");
    assertThat(detection.caps().accounting()).isTrue();
    assertThat(detection.caps().nodes()).isEqualTo(7);
    assertThat(detection.caps().gpus()).isEqualTo(6);
    assertThat(detection.caps().idleGpus()).isEqualTo(4);
    assertThat(detection.nodes()).hasSize(7);
    assertThat(detection.gpus()).isEmpty();
    assertThat(detection.notes())
        .anySatisfy(n -> assertThat(n).contains("GPU counts only").contains("device tool"));
    assertThat(slurm.commands()).filteredOn(c -> c.startsWith("sinfo -N")).hasSize(1);
  }

  @Test
  void eachProbeThatIsInstalledButDoesNotAnswerGivesItsOwnReason() {
    ScriptedRunner host =
        new ScriptedRunner()
            .answer("flux version", 0, Fixtures.flux("instance/version-outside-instance.txt"), "")
            .answer(
                "flux getattr size",
                1,
                "",
                Fixtures.flux("resource-list/resource-list-outside-instance.stderr.txt"))
            .answer("sinfo --version", 0, Fixtures.slurm("sinfo--version.out"), "")
            .answer("scontrol ping", 1, Fixtures.slurm("scontrol-ping.ctld-down.out"), "");

    Detection detection = detector.detect(host);

    assertThat(detection.outcome()).isEqualTo(Detection.Outcome.NOT_ANSWERING);
    assertThat(detection.found()).isFalse();
    assertThat(detection.notAnswering())
        .extracting(ProbeStatus::scheduler)
        .containsExactly(FluxAdapter.KIND, SlurmAdapter.KIND);
    assertThat(detection.notes().get(0))
        .startsWith("flux: installed, not answering")
        .contains("no Flux instance is reachable");
    assertThat(detection.notes().get(1))
        .startsWith("slurm: installed, not answering")
        .contains(
            "Slurm 22.05.8 is installed", "controller does not answer", "primary at vm is DOWN");
    assertThat(host.commands()).noneMatch(c -> c.startsWith("sinfo -N"));
  }
}
