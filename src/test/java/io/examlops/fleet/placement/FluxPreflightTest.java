package io.examlops.fleet.placement;

import static io.examlops.fleet.scheduler.Check.Status.FAIL;
import static io.examlops.fleet.scheduler.Check.Status.PASS;
import static io.examlops.fleet.scheduler.Check.Status.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.Association;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.ProbeRegistry;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.flux.FluxBankCheck;
import io.examlops.fleet.scheduler.flux.FluxUserParser;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ScriptedRunner;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flux bank checks on the real flux-accounting captures. The Flux probe's own commands are tested
 * in discovery; here a stand-in probe lists the nodes, so only the account query is scripted.
 */
class FluxPreflightTest {
  private static final PreflightTarget LXP =
      new PreflightTarget("lxp", ClusterGate.active(), FluxAdapter.KIND);
  private static final String VIEW_USER = FluxBankCheck.command("root");

  @Test
  void aBankTheUserBelongsToPasses() {
    var runner = root().answer(VIEW_USER, 0, Fixtures.flux("preflight/acct-view-user-fmt.txt"), "");

    PreflightReport report = preflight(true).run(LXP, request("chemistry"), runner);

    assertThat(report.check(CheckName.ACCOUNT).status()).isEqualTo(PASS);
    assertThat(report.check(CheckName.ACCOUNT).reason())
        .isEqualTo("user root may charge bank chemistry");
    assertThat(report.check(CheckName.IDLE).reason())
        .isEqualTo("4 of 4 GPUs idle in partition batch; 2 fit on 1 node now");
    assertThat(runner.commands())
        .contains(
            "flux account view-user -o '{username}|{userid}|{bank}|{default_bank}|{shares}"
                + "|{fairshare}|{max_running_jobs}|{max_active_jobs}|{queues}' root");
  }

  @Test
  void aBankTheUserIsNotInFails() {
    var runner = root().answer(VIEW_USER, 0, Fixtures.flux("preflight/acct-view-user-fmt.txt"), "");

    Check check = preflight(true).run(LXP, request("biology"), runner).check(CheckName.ACCOUNT);

    assertThat(check.status()).isEqualTo(FAIL);
    assertThat(check.reason())
        .isEqualTo("user root may not charge bank biology (banks: chemistry, physics)");
  }

  @Test
  void aUserWithoutAnyBankFails() {
    var runner =
        root()
            .answer(VIEW_USER, 1, "", Fixtures.flux("preflight/acct-view-user-nosuch.stderr.txt"));

    Check check = preflight(true).run(LXP, request(null), runner).check(CheckName.ACCOUNT);

    assertThat(check.status()).isEqualTo(FAIL);
    assertThat(check.reason()).isEqualTo("user root has no flux-accounting bank");
  }

  @Test
  void accountingThatIsAbsentPassesAndOneThatDoesNotAnswerWarns() {
    var notInstalled =
        root().answer(VIEW_USER, 1, "", Fixtures.flux("preflight/account-view-user.stderr.txt"));
    var noService =
        root()
            .answer(VIEW_USER, 1, "", Fixtures.flux("account/acct-view-user-noservice.stderr.txt"));

    Check absent =
        preflight(true).run(LXP, request("chemistry"), notInstalled).check(CheckName.ACCOUNT);
    Check silent =
        preflight(true).run(LXP, request("chemistry"), noService).check(CheckName.ACCOUNT);
    Check none = preflight(false).run(LXP, request("chemistry"), root()).check(CheckName.ACCOUNT);

    assertThat(absent.status()).isEqualTo(PASS);
    assertThat(absent.reason()).isEqualTo("flux-accounting is not installed: bank not checked");
    assertThat(silent.status()).isEqualTo(WARN);
    assertThat(silent.reason())
        .isEqualTo(
            "flux-accounting does not answer (flux-account: ERROR: No service matching"
                + " accounting.view_user is registered): bank not checked");
    assertThat(none.status()).isEqualTo(PASS);
  }

  @Test
  void queueLimitsOnABankWarn() {
    String rows =
        "username|userid|bank|default_bank|shares|fairshare|max_running_jobs|max_active_jobs|queues\n"
            + "root|0|physics|physics|1|0.5|5|7|debug\n";
    var runner = root().answer(VIEW_USER, rows);

    Check check = preflight(true).run(LXP, request("physics"), runner).check(CheckName.ACCOUNT);

    assertThat(check.status()).isEqualTo(WARN);
    assertThat(check.reason())
        .isEqualTo("root's bank physics is limited to queues debug; queue batch may be refused");
  }

  @Test
  void theFluxUserParserReadsColumnsByTheHeader() {
    String reordered = "bank|queues|username\nphysics|batch,debug|root\n";

    assertThat(FluxUserParser.parse("cmd", reordered))
        .containsExactly(new Association("root", "physics", List.of("batch", "debug")));
    assertThat(FluxUserParser.parse("cmd", Fixtures.flux("preflight/acct-view-user-fmt.txt")))
        .extracting(Association::account)
        .containsExactly("chemistry", "physics");
  }

  private static PreflightAsk request(String bank) {
    return new PreflightAsk(2, 1, "batch", bank, null);
  }

  private static ScriptedRunner root() {
    return new ScriptedRunner().answer(PreflightCommands.WHOAMI, "root\n");
  }

  private static Preflight preflight(boolean accounting) {
    return new Preflight(
        new ProbeRegistry().register(new FluxStandIn(accounting)), StandardSchedulers.adapters());
  }

  /** Answers as a Flux instance with one idle 4-GPU node in queue batch. */
  private record FluxStandIn(boolean accounting) implements SchedulerProbe {
    @Override
    public SchedulerKind kind() {
      return FluxAdapter.KIND;
    }

    @Override
    public ProbeStatus status(CommandRunner runner) {
      return new ProbeStatus(kind(), ProbeStatus.State.ANSWERS, "flux answers");
    }

    @Override
    public List<NodeInfo> listNodes(CommandRunner runner) {
      return List.of(
          new NodeInfo(
              "node01",
              16,
              0,
              List.of(GpuGroup.untyped(4)),
              0,
              NodeState.IDLE,
              "free",
              List.of("batch"),
              List.of(),
              null));
    }

    @Override
    public Survey survey(CommandRunner runner) {
      List<NodeInfo> nodes = listNodes(runner);
      return new Survey(
          ClusterCaps.summarize(
              FluxAdapter.KIND,
              "0.88.0",
              nodes,
              List.of(new PartitionInfo("batch", true, null)),
              accounting),
          nodes,
          List.of());
    }
  }
}
