package io.examlops.fleet.placement;

import static io.examlops.fleet.scheduler.Check.Status.FAIL;
import static io.examlops.fleet.scheduler.Check.Status.PASS;
import static io.examlops.fleet.scheduler.Check.Status.SKIPPED;
import static io.examlops.fleet.scheduler.Check.Status.WARN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.flux.FluxBankCheck;
import io.examlops.fleet.scheduler.slurm.SinfoFormat;
import io.examlops.fleet.scheduler.slurm.SlurmAccountCheck;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmProbe;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.testing.TestFleets;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ScriptedRunner;
import io.examlops.fleet.transport.TransportException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Slurm checks against the real testbed captures; see fixtures/slurm/preflight/README.md. */
class PreflightTest {
  private static final PreflightTarget TC =
      new PreflightTarget("tc", ClusterGate.active(), SlurmAdapter.KIND);
  private final Preflight preflight =
      new Preflight(
          StandardSchedulers.adapters()
              .detectionProbes(
                  new SchedulerContext(
                      TestFleets.settings(Map.of()), Clock.systemUTC(), cluster -> 0)),
          StandardSchedulers.adapters());

  private static final String ESTIMATE =
      "date -u +%Y-%m-%dT%H:%M:%S && TZ=UTC SLURM_TIME_FORMAT=standard sbatch --test-only"
          + " -J examlops-estimate";

  static ScriptedRunner slurm(boolean accounting) {
    var runner =
        new ScriptedRunner()
            .answer(PreflightCommands.WHOAMI, "hpcuser\n")
            .answer(SlurmProbe.VERSION_COMMAND, 0, Fixtures.slurm("sinfo--version.out"), "")
            .answer(
                SinfoFormat.RICH.command(), 0, Fixtures.slurm("sinfo-N-h-O-rich.testbed.out"), "")
            .answer(
                SlurmAccountCheck.command("hpcuser"),
                0,
                Fixtures.slurm("preflight/sacctmgr-n-P-show-assoc-format.out"),
                "");
    // sbatch --test-only as the testbed answered it; the longer prefixes pick the waiting answer.
    runner
        .answer(ESTIMATE, 0, Fixtures.slurm("preflight/sbatch-test-only.fits.out"), "")
        .answer(
            ESTIMATE + " -p gpu -N 1 --gres=gpu:4",
            0,
            Fixtures.slurm("preflight/sbatch-test-only.waits.out"),
            "")
        .answer(
            ESTIMATE + " -p gpu -N 1 --gres=gpu:8",
            1,
            Fixtures.slurm("preflight/sbatch-test-only.too-many.out"),
            "");
    return accounting
        ? runner.answer(
            SlurmProbe.ACCOUNTING_COMMAND, 0, Fixtures.slurm("sacctmgr-n-P-show-account.out"), "")
        : runner.answer("sacctmgr", 1, "", Fixtures.slurm("sacctmgr-n-P-show-account.nodbd.err"));
  }

  @Test
  void aJobThatFitsPassesEveryCheck() {
    var runner = slurm(true);

    PreflightReport report =
        preflight.run(TC, new PreflightAsk(2, 1, "gpu", "ml", Duration.ofHours(2)), runner);

    assertThat(report.checks())
        .extracting(Check::name, Check::status, Check::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(CheckName.APPROVAL, PASS, "ACTIVE, approval holds"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.HOST, PASS, "scripted answers as hpcuser"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.SCHEDULER, PASS, "slurm 22.05.8 answers, 7 nodes listed"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.PARTITION, PASS, "partition gpu, time limit 1 day"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.GPUS, PASS, "6 GPUs in partition gpu on 2 nodes"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.IDLE,
                PASS,
                "4 of 6 GPUs idle in partition gpu; slurm would start it now on g1 in partition"
                    + " gpu (`sbatch --test-only`)"),
            org.assertj.core.groups.Tuple.tuple(
                CheckName.ACCOUNT, PASS, "user hpcuser may charge account ml"));
    assertThat(report.overall()).isEqualTo(PASS);
    assertThat(runner.commands())
        .contains(
            "id -un",
            "sacctmgr -n -P show assoc where user=hpcuser"
                + " format=Cluster,Account,User,Partition,QOS,DefaultQOS,GrpTRES");
  }

  @Test
  void withoutAPartitionGpusAreCountedWherePlacementSendsTheJob() {
    // cpu is the testbed's default partition and has no GPUs; submit sends a GPU job to gpu.
    PreflightReport report = preflight.run(TC, PreflightAsk.gpus(2), slurm(true));

    assertThat(report.check(CheckName.PARTITION).reason())
        .isEqualTo("placement's choice: partition gpu, time limit 1 day");
    assertThat(report.check(CheckName.GPUS).reason())
        .isEqualTo("6 GPUs in partition gpu on 2 nodes");
    assertThat(report.check(CheckName.IDLE).status()).isEqualTo(PASS);

    PreflightReport tooMany = preflight.run(TC, PreflightAsk.gpus(9), slurm(true));
    assertThat(tooMany.check(CheckName.GPUS).reason())
        .isEqualTo("only 6 GPUs in partition gpu, 9 asked");
  }

  @Test
  void aCpuOnlyJobIsCheckedInTheDefaultPartitionWithoutGpus() {
    PreflightReport report = preflight.run(TC, PreflightAsk.gpus(0), slurm(true));

    assertThat(report.check(CheckName.PARTITION).reason())
        .isEqualTo("default partition cpu, time limit none known");
    assertThat(report.check(CheckName.GPUS).status()).isEqualTo(PASS);
    assertThat(report.check(CheckName.GPUS).reason()).isEqualTo("CPU-only job: no GPUs asked");
    assertThat(report.check(CheckName.IDLE).reason())
        .startsWith("1 of 5 nodes idle in partition cpu");
  }

  @Test
  void tooFewGpusInTotalFailsWhileTooFewIdleOnlyWarns() {
    PreflightReport tooMany =
        preflight.run(TC, new PreflightAsk(8, null, "gpu", null, null), slurm(true));
    // 4 GPUs on one node exist (g1) but only 2 of them are free, and g2's 2 are on another node.
    PreflightReport busy =
        preflight.run(TC, new PreflightAsk(4, 1, "gpu", null, null), slurm(true));

    assertThat(tooMany.check(CheckName.GPUS).status()).isEqualTo(FAIL);
    assertThat(tooMany.check(CheckName.GPUS).reason())
        .isEqualTo("only 6 GPUs in partition gpu, 8 asked");
    assertThat(busy.check(CheckName.GPUS).status()).isEqualTo(PASS);
    assertThat(busy.check(CheckName.IDLE).status()).isEqualTo(WARN);
    assertThat(busy.check(CheckName.IDLE).reason())
        .isEqualTo(
            "4 of 6 GPUs idle in partition gpu; slurm expects it to start at 2026-12-02 08:43:46"
                + " UTC on g1 in partition gpu (`sbatch --test-only`), not now: jobs ahead of it"
                + " in the queue, or the nodes held for them, come first");
    assertThat(busy.overall()).isEqualTo(PASS);
  }

  @Test
  void partitionLimitsAreChecked() {
    PreflightReport missing =
        preflight.run(TC, new PreflightAsk(1, null, "nosuch", null, null), slurm(true));
    PreflightReport tooLong =
        preflight.run(
            TC, new PreflightAsk(1, null, "debug", null, Duration.ofHours(2)), slurm(true));
    PreflightReport perNode =
        preflight.run(TC, new PreflightAsk(6, 1, "gpu", null, null), slurm(true));

    assertThat(missing.check(CheckName.PARTITION).reason())
        .isEqualTo("no partition nosuch (partitions: debug, gpu, cpu)");
    assertThat(missing.check(CheckName.GPUS).status()).isEqualTo(SKIPPED);
    assertThat(missing.check(CheckName.IDLE).reason())
        .isEqualTo("skipped: the partition does not exist");
    assertThat(tooLong.check(CheckName.PARTITION).status()).isEqualTo(FAIL);
    assertThat(tooLong.check(CheckName.PARTITION).reason())
        .isEqualTo("the time limit 2 h is over partition debug's limit of 30 min");
    assertThat(perNode.check(CheckName.PARTITION).reason())
        .isEqualTo("no node in partition gpu holds 6 GPUs (most: 4); allow more nodes");
  }

  @Test
  void anUnknownAccountFailsAndNamesTheValidOnes() {
    PreflightReport report =
        preflight.run(TC, new PreflightAsk(1, null, "gpu", "nosuch", null), slurm(true));

    assertThat(report.check(CheckName.ACCOUNT).status()).isEqualTo(FAIL);
    assertThat(report.check(CheckName.ACCOUNT).reason())
        .isEqualTo("user hpcuser may not charge account nosuch (accounts: ml, physics)");
  }

  @Test
  void withoutAccountingTheAccountIsNotCheckedAndDoesNotFail() {
    var runner = slurm(false);

    PreflightReport report =
        preflight.run(TC, new PreflightAsk(1, null, "gpu", "nosuch", null), runner);

    assertThat(report.check(CheckName.ACCOUNT).status()).isEqualTo(PASS);
    assertThat(report.check(CheckName.ACCOUNT).reason())
        .isEqualTo("no accounting on this cluster: account not checked");
    assertThat(runner.commands()).noneMatch(c -> c.contains("show assoc"));
  }

  @Test
  void aClosedGateSendsNoCommand() {
    var runner = slurm(true);
    var pending = new PreflightTarget("tc", ClusterGate.inState("PENDING"), SlurmAdapter.KIND);
    var moved =
        new PreflightTarget(
            "tc", ClusterGate.refused("host changed since approval"), SlurmAdapter.KIND);

    PreflightReport report = preflight.run(pending, PreflightAsk.gpus(1), runner);
    PreflightReport movedReport = preflight.run(moved, PreflightAsk.gpus(1), runner);

    assertThat(report.check(CheckName.APPROVAL).reason()).isEqualTo("not schedulable: PENDING");
    assertThat(movedReport.check(CheckName.APPROVAL).reason())
        .isEqualTo("not schedulable: host changed since approval");
    assertThat(report.checks())
        .as("every check but Flux's POLICY")
        .hasSize(CheckName.values().length - 1);
    assertThat(report.checks().subList(1, report.checks().size()))
        .allSatisfy(c -> assertThat(c.status()).isEqualTo(SKIPPED));
    assertThat(runner.commands()).isEmpty();
  }

  @Test
  void anUnreachableHostFailsWithTheTransportMessageAndSkipsTheRest() {
    var unreachable = new FailingRunner();

    PreflightReport report = preflight.run(TC, PreflightAsk.gpus(1), unreachable);

    assertThat(report.check(CheckName.HOST).status()).isEqualTo(FAIL);
    assertThat(report.check(CheckName.HOST).reason())
        .isEqualTo("hpcuser@lxp:22: connect failed: Connection refused");
    assertThat(report.check(CheckName.SCHEDULER).reason())
        .isEqualTo("skipped: the host is unreachable");
    assertThat(report.check(CheckName.ACCOUNT).status()).isEqualTo(SKIPPED);
    assertThat(unreachable.calls).isEqualTo(1);
  }

  @Test
  void aSchedulerOtherThanTheDeclaredOneFails() {
    var flux = new PreflightTarget("tc", ClusterGate.active(), FluxAdapter.KIND);

    PreflightReport report = preflight.run(flux, PreflightAsk.gpus(1), slurm(true));

    assertThat(report.check(CheckName.SCHEDULER).status()).isEqualTo(FAIL);
    assertThat(report.check(CheckName.SCHEDULER).reason())
        .isEqualTo("registered as flux, but slurm answers on scripted: re-probe the cluster");
    assertThat(report.check(CheckName.GPUS).reason())
        .isEqualTo("skipped: the scheduler did not answer");
  }

  @Test
  void aSilentSchedulerFailsWithWhy() {
    var runner = new ScriptedRunner().answer(PreflightCommands.WHOAMI, "hpcuser\n");

    PreflightReport report = preflight.run(TC, PreflightAsk.gpus(1), runner);

    assertThat(report.check(CheckName.HOST).status()).isEqualTo(PASS);
    assertThat(report.check(CheckName.SCHEDULER).reason())
        .isEqualTo("slurm does not answer on scripted");
    assertThat(report.failed()).isTrue();
  }

  @Test
  void requestsAreValidated() {
    assertThatThrownBy(() -> PreflightAsk.gpus(-1)).hasMessageContaining("GPUs must be 0");
    assertThatThrownBy(() -> new PreflightAsk(1, null, null, null, Duration.ZERO))
        .hasMessageContaining("is shorter than one second");
  }

  @Test
  void valuesReachingTheShellAreQuoted() {
    assertThat(SlurmAccountCheck.command("a b;rm -rf /"))
        .startsWith("sacctmgr -n -P show assoc where user='a b;rm -rf /' format=");
    assertThat(FluxBankCheck.command("x'y")).endsWith(" 'x'\"'\"'y'");
  }

  /** A host that refuses connections. */
  static final class FailingRunner implements CommandRunner {
    int calls;

    @Override
    public CommandResult run(String command, byte[] stdin) {
      calls++;
      throw new TransportException(target(), TransportException.Step.CONNECT, "Connection refused");
    }

    @Override
    public String target() {
      return "hpcuser@lxp:22";
    }

    @Override
    public int commandsRun() {
      return calls;
    }

    @Override
    public void close() {}
  }
}
