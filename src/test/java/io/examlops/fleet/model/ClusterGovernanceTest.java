package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterGovernanceTest {
  private static final Instant T1 = Instant.parse("2025-01-01T00:00:00Z");
  private static final Instant T2 = Instant.parse("2025-01-02T00:00:00Z");
  private static final ClusterDefinition DEV = ClusterDefinition.local("dev", MockAdapter.KIND);
  private static final ClusterDefinition LXP =
      ClusterDefinition.ssh("lxp", SlurmAdapter.KIND, "lxp-login", "u", null, 22, null);
  private static final PinnedConnection PIN = PinnedConnection.of(LXP, null, null);

  @Test
  void aRequestIsPendingAndRecordsWhoAsked() {
    ClusterGovernance g = ClusterGovernance.requested(LXP, "bob", T1);
    assertThat(g.state()).isEqualTo(ClusterState.PENDING);
    assertThat(g.requestedBy()).isEqualTo("bob");
    assertThat(g.host()).isEqualTo("lxp-login");
    assertThat(g.pinned()).isNull();
  }

  @Test
  void approvalAndRejectionRecordTheDecision() {
    ClusterGovernance approved = ClusterGovernance.requested(LXP, "bob", T1).approve("al", T2, PIN);
    assertThat(approved.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(approved.pinned()).isEqualTo(PIN);

    ClusterGovernance rejected = approved.reject("al", T2, "retired");
    assertThat(rejected.state()).isEqualTo(ClusterState.REJECTED);
    assertThat(rejected.pinned()).isNull();
    assertThat(rejected.reason()).isEqualTo("retired");
  }

  @Test
  void reRegisteringKeepsAnApprovalAndRenewsARejectedRequest() {
    ClusterGovernance active = ClusterGovernance.requested(LXP, "bob", T1).approve("al", T1, PIN);
    ClusterDefinition moved =
        ClusterDefinition.ssh("lxp", SlurmAdapter.KIND, "new-login", "u", null, 22, null);
    ClusterGovernance again = active.reRegistered(moved, "eve", T2);
    assertThat(again.state()).isEqualTo(ClusterState.ACTIVE);
    assertThat(again.pinned()).isEqualTo(PIN);
    assertThat(again.host()).isEqualTo("new-login");
    assertThat(again.requestedBy()).isEqualTo("bob");

    ClusterGovernance renewed = active.reject("al", T2, "no").reRegistered(LXP, "dan", T2);
    assertThat(renewed.state()).isEqualTo(ClusterState.PENDING);
    assertThat(renewed.requestedBy()).isEqualTo("dan");
    assertThat(renewed.reason()).isNull();
  }

  @Test
  void probesNeverChangeTheState() {
    ClusterCaps caps = ClusterCaps.summarize(MockAdapter.KIND, "", List.of(), List.of(), false);
    ClusterGovernance g = ClusterGovernance.listed(DEV).probed(caps, Fingerprints.NONE, T2);
    assertThat(g.state()).isEqualTo(ClusterState.PENDING);
    assertThat(g.capabilities()).isEqualTo(caps);
    assertThat(g.probedAt()).isEqualTo(T2);
    assertThat(g.requestedBy()).isNull();
  }

  @Test
  void inconsistentRecordsCannotBeBuilt() {
    assertThatThrownBy(
            () ->
                new ClusterGovernance(
                    ClusterState.ACTIVE,
                    MockAdapter.KIND,
                    TransportKind.LOCAL,
                    null,
                    null,
                    null,
                    "al",
                    T1,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> ClusterGovernance.listed(DEV).reject("al", T1, null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void pinsDescribeEveryChangeInWords() {
    PinnedConnection pinned =
        new PinnedConnection(
            "a",
            22,
            "u",
            "SHA256:k1",
            "SHA256:h1",
            MockAdapter.KIND,
            TransportKind.SSH,
            null,
            List.of("j@bastion:22 host key SHA256:b1"));
    PinnedConnection now =
        new PinnedConnection(
            "b", 2222, "u", "SHA256:k1", null, SlurmAdapter.KIND, TransportKind.SSH, null, null);
    assertThat(pinned.changesTo(now))
        .containsExactly(
            "scheduler changed from mock to slurm",
            "host changed from a to b",
            "jump hosts changed from j@bastion:22 host key SHA256:b1 to (none)",
            "port changed from 22 to 2222",
            "host key changed from SHA256:h1 to (none)");
    assertThat(pinned.changesTo(pinned)).isEmpty();
  }

  /** The pin compares adapter settings without knowing them; their adapter names them. */
  @Test
  void pinsDescribeAChangedAdapterSettingAsItsAdapterNamesIt() {
    ClusterDefinition flux = ClusterDefinition.local("tioga", FluxAdapter.KIND);
    PinnedConnection pinned =
        PinnedConnection.of(flux.withSetting("flux_uri", "local:///run/flux/local"), null, null);

    assertThat(
            pinned.changesTo(
                PinnedConnection.of(flux.withSetting("flux_uri", "ssh://h/x"), null, null)))
        .containsExactly(
            "Flux instance (flux_uri) changed from local:///run/flux/local to ssh://h/x");
    assertThat(pinned.changesTo(PinnedConnection.of(flux, null, null)))
        .containsExactly("Flux instance (flux_uri) changed from local:///run/flux/local to (none)");
    assertThat(pinned.shownSettings()).containsExactly("Flux instance local:///run/flux/local");
  }
}
