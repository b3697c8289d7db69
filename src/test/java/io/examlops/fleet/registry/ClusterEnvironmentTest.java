package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClusterEnvironmentTest {
  private static final Instant T = Instant.parse("2025-01-01T00:00:00Z");

  private static RegisteredCluster active(ClusterDefinition d) {
    return new RegisteredCluster(
        d.name(),
        d,
        ClusterGovernance.requested(d, "bob", T)
            .approve(
                "alice", T, ApprovalCheck.inUse(d, io.examlops.fleet.model.Fingerprints.NONE)));
  }

  @Test
  void aLocalClusterSetsNoSshVariablesAndUnsetsStaleOnes() {
    ClusterDefinition dev = ClusterDefinition.local("dev", FluxAdapter.KIND);
    Map<String, String> env = ClusterEnvironment.of(active(dev), Schedulability.yes(), null);

    assertThat(ClusterEnvironment.exportScript(env))
        .isEqualTo(
            "export EXAMLOPS_HPC_CLUSTER=dev\nexport EXAMLOPS_HPC_SCHEDULER=flux\n"
                + "unset EXAMLOPS_HPC_SSH_HOST\nunset EXAMLOPS_HPC_SSH_USER\n"
                + "unset EXAMLOPS_HPC_SSH_KEY\nunset EXAMLOPS_HPC_SSH_PORT\n");
    assertThat(env).containsOnlyKeys("EXAMLOPS_HPC_CLUSTER", "EXAMLOPS_HPC_SCHEDULER");
  }

  @Test
  void valuesAreShellQuoted() {
    ClusterDefinition lxp =
        ClusterDefinition.ssh("lxp", SlurmAdapter.KIND, "h", "u", "/keys/it's key", 2222, null);
    Map<String, String> env =
        ClusterEnvironment.of(active(lxp), Schedulability.yes(), Path.of("/keys/it's key"));
    assertThat(ClusterEnvironment.exportScript(env))
        .contains("export EXAMLOPS_HPC_SSH_KEY='/keys/it'\"'\"'s key'\n")
        .contains("export EXAMLOPS_HPC_SSH_PORT=2222\n");
  }

  @Test
  void refusedWithTheReasonWhenNotSchedulable() {
    ClusterDefinition dev = ClusterDefinition.local("dev", MockAdapter.KIND);
    assertThatThrownBy(
            () ->
                ClusterEnvironment.of(
                    active(dev), Schedulability.no("host changed from a to b"), null))
        .isInstanceOf(RegistryException.class)
        .hasMessage("host changed from a to b");
    RegisteredCluster pending =
        new RegisteredCluster("dev", dev, ClusterGovernance.requested(dev, "bob", T));
    assertThatThrownBy(() -> ClusterEnvironment.of(pending, Schedulability.yes(), null))
        .hasMessage("cluster 'dev' is PENDING, not ACTIVE");
  }
}
