package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cached fleet view over real stores: one view for every request until the stores change, and a
 * change from another process (the CLI) shows on the next request.
 */
class ViewCacheTest {
  @TempDir Path dir;
  private Map<String, String> env;
  private Fleet fleet;

  @BeforeEach
  void approvedClusterFar() throws Exception {
    env = ConsoleFixture.storesIn(dir, "ann");
    fleet = TestFleets.fleet(env);
    ConsoleFixture.approveUnreachableSlurm(dir, env, fleet, "far");
  }

  private ViewCache views() {
    return new ViewCache(
        fleet.governance()::storesVersion,
        before -> FleetView.build(fleet, c -> RefreshStatus.NEVER, before),
        view -> view.refreshed(fleet, c -> RefreshStatus.NEVER));
  }

  @Test
  void oneViewServesEveryRequestUntilTheStoresChange() {
    try (ViewCache views = views()) {
      FleetView first = views.get();
      assertThat(views.get()).isSameAs(first);
      assertThat(first.pending()).isZero();

      // As `exa hpc connect` in another process would.
      TestFleets.fleet(env)
          .governance()
          .connect(
              ConsoleFixture.SETUP, new ConnectRequest("demo", HostTarget.of("local"), "mock"));

      FleetView next = views.get();
      assertThat(next.clusters())
          .extracting(ClusterSummary::name)
          .containsExactlyInAnyOrder("far", "demo");
      assertThat(next.pending()).isEqualTo(1);
      assertThat(next.row("demo").pending()).isTrue();
      assertThat(views.get()).isSameAs(next);
    }
  }

  @Test
  void aViewForgottenIsBuiltAgainAndKeepsTheKeyFingerprintsOfTheOneBefore() {
    try (ViewCache views = views()) {
      FleetView first = views.get();
      ClusterRow.Approval approval = first.row("far").approval();

      views.invalidate();

      FleetView next = views.get();
      assertThat(next).isNotSameAs(first);
      assertThat(next.clusters()).isEqualTo(first.clusters());
      assertThat(next.row("far").approval()).isSameAs(approval);
    }
  }
}
