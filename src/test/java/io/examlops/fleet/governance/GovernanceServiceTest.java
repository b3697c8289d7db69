package io.examlops.fleet.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The governance service's approval workflow on a real clusters.yaml and platform.db, with a mock
 * cluster on this machine: a connected cluster waits for review and gives no environment, an
 * approval makes it schedulable and is audited, a decision on a revision no longer current is
 * refused, deciding for someone else needs the console, and an unknown cluster is named as such.
 * ({@link RefusedAttemptsTest} holds {@code refused}.)
 */
class GovernanceServiceTest {
  private static final Actor ALICE = Actor.cli("alice");
  private static final Actor BOB = new Actor("bob", Actor.CONSOLE);

  @TempDir Path dir;
  private GovernanceService governance;

  @BeforeEach
  void aConnectedCluster() {
    governance = TestFleets.in(dir, Map.of()).governance();
    ConnectResult connected =
        governance.connect(
            ALICE, new ConnectRequest("demo", HostTarget.of(HostTarget.LOCAL), "mock"));
    assertThat(connected.reprobed()).isFalse();
  }

  @Test
  void aConnectedClusterWaitsForReviewAndGivesNoEnvironment() {
    ClusterSummary demo = governance.cluster("demo");
    assertThat(demo.state()).isEqualTo(ClusterState.PENDING);
    assertThat(demo.schedulable()).isFalse();
    assertThat(demo.requestedBy()).isEqualTo("alice");
    assertThat(governance.reviews().reviews())
        .extracting(ClusterReview::cluster, ClusterReview::revision)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("demo", demo.revision()));

    assertThatThrownBy(() -> governance.environment(new EnvRequest("demo")))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.NOT_APPROVED));
  }

  @Test
  void anApprovalMakesItSchedulableAndIsAudited() {
    long before = governance.latestAuditId();
    String version = governance.storesVersion();

    ApproveResult approved = governance.approve(BOB, new ApproveRequest("demo"));

    assertThat(approved.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(governance.cluster("demo").schedulable()).isTrue();
    assertThat(governance.reviews().reviews()).isEmpty();
    assertThat(governance.environment(new EnvRequest("demo")).env())
        .containsEntry(Variables.SCHEDULER, "mock");
    assertThat(governance.storesVersion()).isNotEqualTo(version);
    assertThat(governance.auditAfter(before, 10).events())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.action()).isEqualTo("approve");
              assertThat(e.actor()).isEqualTo("bob");
              assertThat(e.surface()).isEqualTo("console");
              assertThat(e.cluster()).isEqualTo("demo");
            });
    assertThat(governance.audit(new AuditRequest("demo")).events())
        .extracting(ClusterSummary.Audit::action)
        .containsExactly("register", "approve");
  }

  @Test
  void aDecisionOnARevisionNoLongerCurrentIsRefusedAndDecidesNothing() {
    ClusterRevision shown =
        ClusterRevision.parse(governance.cluster("demo").revision(), "expected");
    governance.approve(ALICE, new ApproveRequest("demo", shown));

    assertThatThrownBy(
            () -> governance.reject(BOB, new RejectRequest("demo", "wrong account", shown)))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains("was PENDING and is now ACTIVE");
            });
    assertThat(governance.cluster("demo").state()).isEqualTo(ClusterState.ACTIVE);
  }

  @Test
  void decidingForSomeoneElseNeedsTheConsole() {
    ClusterRevision shown =
        ClusterRevision.parse(governance.cluster("demo").revision(), "expected");

    assertThatThrownBy(
            () ->
                governance.approveFor(
                    new Actor("jenkins", "jenkins:fleet-governance#12"),
                    new ApproveForRequest("demo", "ann", shown)))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.CONFLICT);
              assertThat(e.getMessage()).contains("EXAMLOPS_SERVER", "EXAMLOPS_TOKEN");
            });
    assertThat(governance.cluster("demo").state()).isEqualTo(ClusterState.PENDING);
  }

  @Test
  void anUnknownClusterIsRefusedNamingTheRegisteredOnes() {
    for (Runnable asked :
        new Runnable[] {
          () -> governance.cluster("nowhere"),
          () -> governance.approve(ALICE, new ApproveRequest("nowhere")),
          () -> governance.reject(ALICE, new RejectRequest("nowhere", "gone", null)),
          () -> governance.audit(new AuditRequest("nowhere")),
          () -> governance.fingerprintsToPin("nowhere")
        }) {
      assertThatThrownBy(asked::run)
          .isInstanceOfSatisfying(
              FleetException.class,
              e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN_CLUSTER);
                assertThat(e.getMessage()).contains("'nowhere'", "demo");
              });
    }
  }
}
