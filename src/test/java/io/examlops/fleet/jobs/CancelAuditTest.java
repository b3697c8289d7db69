package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancelling is audited where it happens, in the jobs service, so that every surface that cancels
 * (the CLI, the console and its API, MCP, the Jenkins steps) leaves the same event: who, the
 * cluster, the job, what its scheduler answered.
 */
class CancelAuditTest {
  private static final Actor ALICE = Actor.cli("alice");
  private static final Actor BOB = new Actor("bob", Actor.CONSOLE);

  @TempDir Path dir;

  @Test
  void eachCancellationIsAuditedWithWhoTheJobAndTheSchedulersAnswer() {
    Fleet fleet = TestFleets.in(dir, Map.of());
    TestFleets.activeMock(fleet, ALICE, "demo");
    TrackedJob job = TestFleets.waitingJob(fleet, ALICE, "demo", 1);

    CancelResult first = fleet.jobs().cancel(BOB, new CancelRequest("#" + job.id()));
    CancelResult again = fleet.jobs().cancel(ALICE, new CancelRequest("#" + job.id()));

    assertThat(first.outcome()).isEqualTo(CancelOutcome.REQUESTED);
    List<ClusterSummary.Audit> cancels =
        fleet
            .governance()
            .audit(new AuditRequest("demo", null, "cancel", false, null, null, 0, null))
            .events();
    assertThat(cancels).hasSize(2);
    ClusterSummary.Audit byBob = cancels.get(0);
    assertThat(byBob.actor()).isEqualTo("bob");
    assertThat(byBob.surface()).isEqualTo("console");
    assertThat(byBob.cluster()).isEqualTo("demo");
    assertThat(byBob.details().get("job").asLong()).isEqualTo(job.id());
    assertThat(byBob.details().get("schedulerJobId").asText()).isEqualTo(job.schedulerJobId());
    assertThat(byBob.details().get("result").asText()).isEqualTo("REQUESTED");
    ClusterSummary.Audit byAlice = cancels.get(1);
    assertThat(byAlice.actor()).isEqualTo("alice");
    assertThat(byAlice.details().get("result").asText()).isEqualTo(again.outcome().name());
  }
}
