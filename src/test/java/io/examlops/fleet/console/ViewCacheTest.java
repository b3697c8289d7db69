package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cached fleet view over real stores: one view for every request until the stores change, a
 * change from another process (the CLI) shows on the next request, and no request waits for another
 * request's build.
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

  /** The stores' version as the tests set it, and a build that can be held at a gate. */
  private final AtomicReference<Object> version = new AtomicReference<>("v1");

  private final AtomicReference<Gate> gate = new AtomicReference<>();

  /** Holds the next build until opened, and says when that build started. */
  private record Gate(CountDownLatch started, CountDownLatch open) {
    Gate() {
      this(new CountDownLatch(1), new CountDownLatch(1));
    }

    Gate await() throws InterruptedException {
      started.await();
      return this;
    }
  }

  private ViewCache heldViews() {
    return new ViewCache(
        version::get,
        before -> {
          Gate held = gate.getAndSet(null);
          if (held != null) {
            held.started().countDown();
            try {
              held.open().await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IllegalStateException(e);
            }
          }
          return FleetView.build(fleet, c -> RefreshStatus.NEVER, before);
        },
        view -> view);
  }

  @Test
  @Timeout(60) // a request that waited for the held build would never end
  void aRequestDuringAnotherRequestsBuildIsAnsweredFromTheViewBeforeWithoutWaiting()
      throws Exception {
    ExecutorService threads = Executors.newCachedThreadPool();
    try (ViewCache views = heldViews()) {
      FleetView before = views.get();
      Gate held = new Gate();
      gate.set(held);
      version.set("v2");
      CompletableFuture<FleetView> builder = CompletableFuture.supplyAsync(views::get, threads);
      held.await();

      assertThat(views.get()).as("answered while the build is held").isSameAs(before);
      CompletableFuture<FleetView> waiting = CompletableFuture.supplyAsync(views::fresh, threads);
      assertThat(waiting).as("fresh() waits for the build of the same change").isNotDone();

      held.open().countDown();
      FleetView built = builder.join();
      assertThat(built).isNotSameAs(before);
      assertThat(waiting.join()).as("the waiting one got that build's view").isSameAs(built);
      assertThat(views.get()).as("every request after the build sees it").isSameAs(built);
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  @Timeout(60)
  void aChangeNoBuildCoversIsBuiltByItsRequestAndAnOlderBuildNeverReplacesIt() throws Exception {
    ExecutorService threads = Executors.newCachedThreadPool();
    try (ViewCache views = heldViews()) {
      views.get();
      Gate held = new Gate();
      gate.set(held);
      version.set("v2");
      CompletableFuture<FleetView> older = CompletableFuture.supplyAsync(views::get, threads);
      held.await();

      // The stores moved again while the build of v2 is held, e.g. a change made through the
      // console: its maker's next request does not wait for that build, nor is answered from
      // the view before it.
      TestFleets.fleet(env)
          .governance()
          .connect(
              ConsoleFixture.SETUP, new ConnectRequest("demo", HostTarget.of("local"), "mock"));
      version.set("v3");
      FleetView newer = views.get();
      assertThat(newer.clusters())
          .extracting(ClusterSummary::name)
          .containsExactlyInAnyOrder("far", "demo");

      held.open().countDown();
      older.join();
      assertThat(views.get()).as("the later build's view stays").isSameAs(newer);
    } finally {
      threads.shutdownNow();
    }
  }
}
