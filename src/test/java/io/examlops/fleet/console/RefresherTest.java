package io.examlops.fleet.console;

import static io.examlops.fleet.testing.Eventually.waitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The refresher's failure path on real stores: an approved cluster whose SSH port has no server
 * (connection refused at once). The success path is RefresherIT, on the real Slurm testbed.
 */
class RefresherTest {
  @TempDir Path dir;

  @Test
  void aFailingClusterIsRecordedWithItsReasonAndBackedOff() throws Exception {
    Map<String, String> env = ConsoleFixture.storesIn(dir, "ann");
    Fleet fleet = TestFleets.fleet(env);
    ConsoleFixture.approveUnreachableSlurm(dir, env, fleet, "far");
    Duration interval = Duration.ofSeconds(10);
    // A clock that stands still: the backoff never ends by itself, however slow the machine.
    Clock fixed = Clock.fixed(Instant.now(), ZoneOffset.UTC);
    try (Refresher refresher = new Refresher(fleet, fixed, interval, () -> {})) {
      refresher.tick();
      waitUntil("the first round failed", () -> refresher.status("far").failures() == 1);
      RefreshStatus failed = refresher.status("far");
      assertThat(failed.lastFailure()).contains("127.0.0.1");
      assertThat(failed.lastFailureAt()).isNotNull();
      assertThat(failed.lastSuccessAt()).isNull();
      assertThat(Duration.between(failed.lastFailureAt(), failed.nextDueAt())).isEqualTo(interval);
      // tick() decides at once: a round it starts is marked running before a worker takes it, so
      // what this tick decided shows when it returns, however slow the workers are.
      refresher.tick();
      RefreshStatus held = refresher.status("far");
      assertThat(held.running()).as("no round started before its backoff ends").isFalse();
      assertThat(held.failures()).as("not retried before its backoff ends").isEqualTo(1);
      refresher.refreshSoon("far");
      refresher.tick();
      // A later round, the one asked for, ended: any round started by the tick above ended too
      // (one round at a time per cluster) and would be counted.
      waitUntil(
          "the round asked for ended",
          () -> !refresher.status("far").running() && refresher.status("far").failures() >= 2);
      RefreshStatus again = refresher.status("far");
      assertThat(again.failures())
          .as("the round asked for, and no other, ran after the first")
          .isEqualTo(2);
      assertThat(Duration.between(again.lastFailureAt(), again.nextDueAt()))
          .isEqualTo(interval.multipliedBy(2));
    }
    assertThat(fleet.discovery().nodes(Refresher.AS, NodesRequest.stored("far")).taken()).isFalse();
  }

  @Test
  void backoffDoublesUpToAnHour() {
    Fleet unused = null;
    Refresher refresher = new Refresher(unused, Clock.systemUTC(), Duration.ofMinutes(5), () -> {});
    assertThat(refresher.backoff(1)).isEqualTo(Duration.ofMinutes(5));
    assertThat(refresher.backoff(2)).isEqualTo(Duration.ofMinutes(10));
    assertThat(refresher.backoff(3)).isEqualTo(Duration.ofMinutes(20));
    assertThat(refresher.backoff(10)).isEqualTo(Refresher.MAX_BACKOFF);
    refresher.close();
  }
}
