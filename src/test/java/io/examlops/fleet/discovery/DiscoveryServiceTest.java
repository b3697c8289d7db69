package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The discovery service's rules on a real clusters.yaml and platform.db, with mock clusters on this
 * machine: which clusters a refresh covers, the gate's verdict before one is queued, a refresh that
 * reports a cluster it could not read rather than throw, and whose nodes may be read how.
 */
class DiscoveryServiceTest {
  private static final Actor ALICE = Actor.cli("alice");

  @TempDir Path dir;
  private DiscoveryService discovery;
  private GovernanceService governance;

  @BeforeEach
  void aFleetWithAnActiveAndAPendingCluster() {
    Fleet fleet = TestFleets.in(dir, Map.of(Variables.MOCK_GPUS, "4"));
    discovery = fleet.discovery();
    governance = fleet.governance();
    TestFleets.activeMock(fleet, ALICE, "active");
    TestFleets.connectMock(fleet, ALICE, "pending");
  }

  @Test
  void aRefreshOfAllCoversTheSchedulableClustersOnly() {
    assertThat(discovery.refreshTargets()).containsExactly("active");

    governance.reject(ALICE, new RejectRequest("active", "wrong account", null));
    assertThat(discovery.refreshTargets()).isEmpty();
  }

  @Test
  void aRefreshQueuedForLaterIsCheckedByTheGateFirst() {
    discovery.checkRefresh(new RefreshRequest("active"));
    discovery.checkRefresh(RefreshRequest.ALL);

    assertThatThrownBy(() -> discovery.checkRefresh(new RefreshRequest("pending")))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.NOT_APPROVED);
              assertThat(e.getMessage()).contains("pending");
              assertThat(e.hint()).isPresent();
            });
    assertThatThrownBy(() -> discovery.checkRefresh(new RefreshRequest("nowhere")))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN_CLUSTER));
  }

  @Test
  void aRefreshRecordsASampleOfAClusterReadLiveAndReportsOneItCannotRead() {
    RefreshResult all = discovery.refresh(ALICE, RefreshRequest.ALL);

    assertThat(all.failures()).isEmpty();
    assertThat(all.snapshots()).as("the mock is read live: no snapshot").isEmpty();
    assertThat(all.samples())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.cluster()).isEqualTo("active");
              assertThat(s.totalGpus()).isEqualTo(4);
            });

    RefreshResult gone = discovery.refresh(ALICE, new RefreshRequest("gone"));
    assertThat(gone.samples()).isEmpty();
    assertThat(gone.notes())
        .singleElement()
        .asString()
        .startsWith("could not refresh gone: ")
        .contains("'gone'");
  }

  @Test
  void aRegisteredClustersNodesAreReadThroughItsOwnEntryAndNoOtherHost() {
    NodesResult now =
        discovery.nodes(ALICE, new NodesRequest(null, "active", ReadFrom.SCHEDULER, false));
    assertThat(now.cluster()).isEqualTo("active");
    assertThat(now.taken()).isTrue();
    assertThat(now.nodes()).extracting(NodeInfo::gpuCount).containsExactly(4);

    NodesResult stored = discovery.nodes(ALICE, NodesRequest.stored("active"));
    assertThat(stored.nodes()).hasSize(1);

    assertThatThrownBy(
            () ->
                discovery.nodes(
                    ALICE,
                    new NodesRequest(
                        HostTarget.of("login.example.org"), "active", ReadFrom.SCHEDULER, false)))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(ErrorKind.INVALID_REQUEST);
              assertThat(e.fields()).containsExactly("host");
              assertThat(e.getMessage()).contains("login.example.org", "'active'");
            });
    assertThatThrownBy(() -> discovery.nodes(ALICE, NodesRequest.stored("nowhere")))
        .isInstanceOfSatisfying(
            FleetException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN_CLUSTER));
  }
}
