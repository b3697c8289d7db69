package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ScriptedRunner;
import org.junit.jupiter.api.Test;

class SlurmProbeTest {
  private final SlurmProbe probe = new SlurmProbe();

  /** The busy cluster; the rich -O form is refused so the probe reads the real JSON capture. */
  private static ScriptedRunner busyCluster(boolean accounting) {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(SlurmProbe.VERSION_COMMAND, 0, Fixtures.slurm("sinfo--version.out"), "")
            // Constructed refusal (no capture): what an old sinfo says about an -O it lacks.
            .answer(
                SinfoFormat.RICH.command(),
                1,
                "",
                "sinfo: error: Invalid node format specification: GresUsed\n")
            .answer(SlurmProbe.JSON_COMMAND, 0, Fixtures.slurm("sinfo-N-json.busy.out"), "");
    return accounting
        ? runner.answer(
            SlurmProbe.ACCOUNTING_COMMAND, 0, Fixtures.slurm("sacctmgr-n-P-show-account.out"), "")
        : runner.answer(
            SlurmProbe.ACCOUNTING_COMMAND,
            1,
            "",
            Fixtures.slurm("sacctmgr-n-P-show-account.nodbd.err"));
  }

  @Test
  void kindIsSlurmAndGpusComeFromElsewhere() {
    assertThat(probe.kind()).isEqualTo(SlurmAdapter.KIND);
    assertThat(probe.listGpus(new ScriptedRunner())).isEmpty();
  }

  @Test
  void availableWhenSinfoPrintsAVersion() {
    var runner =
        new ScriptedRunner().answer("sinfo --version", 0, Fixtures.slurm("sinfo--version.out"), "");
    assertThat(probe.available(runner)).isTrue();
    assertThat(runner.commands()).containsExactly("sinfo --version");
  }

  @Test
  void notAvailableWithoutSlurmOrItsConfiguration() {
    assertThat(probe.available(new ScriptedRunner())).isFalse();
    var notFound =
        new ScriptedRunner()
            .answer("sinfo", 127, "", Fixtures.slurm("sinfo.command-not-found.err"));
    assertThat(probe.available(notFound)).isFalse();
    var noConfig =
        new ScriptedRunner().answer("sinfo", 1, "", Fixtures.slurm("sinfo.no-slurm-conf.err"));
    assertThat(probe.available(noConfig)).isFalse();
    var notSlurm = new ScriptedRunner().answer("sinfo", "sinfo: pretend 1.0\n");
    assertThat(probe.available(notSlurm)).isFalse();
  }

  @Test
  void capabilitiesOfTheBusyCluster() {
    var runner = busyCluster(true);
    ClusterCaps caps = probe.capabilities(runner);
    assertThat(caps.scheduler()).isEqualTo(SlurmAdapter.KIND);
    assertThat(caps.version()).isEqualTo("22.05.8");
    assertThat(caps.nodes()).isEqualTo(7);
    assertThat(caps.idleNodes()).isEqualTo(1); // n4; n5 down* and n3 drained are not idle
    assertThat(caps.cpus()).isEqualTo(36);
    assertThat(caps.gpus()).isEqualTo(6);
    assertThat(caps.idleGpus()).isEqualTo(2); // g1: 4 - 2 in use; g2 draining: 0
    assertThat(caps.gpuTypes()).containsExactly("a100", "v100");
    assertThat(caps.accounting()).isTrue();
    assertThat(runner.commands())
        .containsExactly(
            SlurmProbe.VERSION_COMMAND,
            SinfoFormat.RICH.command(),
            SlurmProbe.JSON_COMMAND,
            SlurmProbe.ACCOUNTING_COMMAND);
  }

  @Test
  void noAccountingIsAnAnswerNotAnError() {
    assertThat(probe.capabilities(busyCluster(false)).accounting()).isFalse();
    assertThat(probe.accounting(new ScriptedRunner())).isFalse(); // no sacctmgr at all
  }

  @Test
  void accountingAnswersWhileTheControllerIsDown() {
    var runner =
        new ScriptedRunner()
            .answer(
                SlurmProbe.ACCOUNTING_COMMAND,
                0,
                Fixtures.slurm("sacctmgr-n-P-show-account.ctld-down.out"),
                "");
    assertThat(probe.accounting(runner)).isTrue();
  }

  @Test
  void richFormIsOneRoundTrip() {
    var runner =
        new ScriptedRunner()
            .answer(
                SinfoFormat.RICH.command(),
                "g1|8|16000|gpu:a100:4(S:0-1)|gpu:a100:2(IDX:0-1)|mixed|gpu|1-00:00:00|gpu,a100\n");
    assertThat(probe.listNodes(runner)).extracting(NodeInfo::name).containsExactly("g1");
    assertThat(runner.commandsRun()).isEqualTo(1);
  }

  @Test
  void plainFormIsTheLastResort() {
    var runner =
        new ScriptedRunner()
            .answer("sinfo -N -h -O", 1, "", "sinfo: invalid option -- 'O'\n")
            .answer(SlurmProbe.JSON_COMMAND, 1, "", "sinfo: unrecognized option '--json'\n")
            .answer(SinfoFormat.PLAIN.command(), "n1|4|8000|(null)|idle|cpu*|infinite|\n");
    var nodes = probe.listNodes(runner);
    assertThat(nodes).extracting(NodeInfo::name).containsExactly("n1");
    assertThat(nodes.get(0).gpusInUse()).isNull();
    assertThat(runner.commandsRun()).isEqualTo(3);
  }

  @Test
  void controllerDownIsOneClearError() {
    var runner =
        new ScriptedRunner()
            .answer("sinfo -N", 1, "", Fixtures.slurm("sinfo-N-h-o-pipe.ctld-down.err"));
    assertThatThrownBy(() -> probe.listNodes(runner))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("slurmctld does not answer")
        .hasMessageContaining("Unable to contact slurm controller");
    assertThat(runner.commandsRun()).isEqualTo(1);
  }

  @Test
  void missingConfigurationAndMissingSlurmAreNamed() {
    var noConfig =
        new ScriptedRunner().answer("sinfo", 1, "", Fixtures.slurm("sinfo.no-slurm-conf.err"));
    assertThatThrownBy(() -> probe.listNodes(noConfig))
        .hasMessageContaining("no configuration")
        .hasMessageContaining("Could not establish a configuration source");
    var notFound =
        new ScriptedRunner()
            .answer("sinfo", 127, "", Fixtures.slurm("sinfo.command-not-found.err"));
    assertThatThrownBy(() -> probe.capabilities(notFound)).hasMessageContaining("not on the PATH");
  }

  @Test
  void everyFormFailingListsEachFailure() {
    var runner = new ScriptedRunner().answer("sinfo -N", 2, "", "sinfo: something odd\n");
    assertThatThrownBy(() -> probe.listNodes(runner))
        .hasMessageContaining("no form of sinfo worked")
        .hasMessageContaining(SinfoFormat.RICH.command())
        .hasMessageContaining(SlurmProbe.JSON_COMMAND)
        .hasMessageContaining(SinfoFormat.PLAIN.command());
  }

  @Test
  void truncatedOutputIsRefused() {
    CommandRunner runner =
        new CommandRunner() {
          @Override
          public CommandResult run(String command, byte[] stdin) {
            return new CommandResult(
                command, 0, "n1|4|8000|(null)|gpu:0|idle|cpu*|infinite|", "", true);
          }

          @Override
          public String target() {
            return "capped";
          }

          @Override
          public int commandsRun() {
            return 1;
          }

          @Override
          public void close() {}
        };
    assertThatThrownBy(() -> probe.listNodes(runner))
        .hasMessageContaining("more than the runner keeps");
  }

  @Test
  void garbageVersionIsABadLine() {
    var runner = new ScriptedRunner().answer("sinfo --version", "hello\n");
    assertThatThrownBy(() -> probe.version(runner))
        .hasMessageContaining("line 1 of `sinfo --version`")
        .hasMessageContaining("hello");
  }
}
