package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Flux instance is the Flux adapter's own setting, {@code flux_uri}, read from the definition.
 */
class FluxAdapterTest {
  private static final String URI = "local:///run/flux/local";
  private static final ClusterDefinition DEFAULT =
      ClusterDefinition.local("tioga", FluxAdapter.KIND);
  private static final ClusterDefinition BOUND = DEFAULT.withSetting("flux_uri", " " + URI + "\n");

  private final FluxAdapter flux = new FluxAdapter();

  @Test
  void itsKindTakesTheInstanceAsASettingCheckedByItsRule() {
    assertThat(FluxAdapter.KIND.settings()).containsExactly(FluxUri.SETTING);
    assertThat(FluxUri.SETTING.shown()).isEqualTo("Flux instance (flux_uri)");
    assertThat(BOUND.settings()).containsExactly(java.util.Map.entry("flux_uri", URI));
    assertThat(BOUND.withSetting("flux_uri", null)).isEqualTo(DEFAULT);
    assertThatThrownBy(() -> DEFAULT.withSetting("flux_uri", "local:///x'; rm -rf ~; '"))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("invalid Flux URI");
  }

  @Test
  void everyCommandOfTheClusterGoesToItsInstanceOrTheDefaultOne() {
    ScriptedRunner host = new ScriptedRunner().answer("", "");

    flux.runnerFor(BOUND, host).run("flux resource list");
    flux.runnerFor(DEFAULT, host).run("flux resource list");

    assertThat(host.commands())
        .containsExactly(
            "FLUX_URI=" + URI + "; export FLUX_URI; flux resource list",
            "unset FLUX_URI; flux resource list");
  }

  @Test
  void theInstanceIsItsUriAndItsNodes() {
    NodeInventory nodes =
        new NodeInventory(
            FluxAdapter.KIND,
            "here",
            Instant.EPOCH,
            List.of(
                new NodeInfo(
                    "n2",
                    4,
                    0,
                    List.of(),
                    null,
                    NodeState.IDLE,
                    "idle",
                    List.of(),
                    List.of(),
                    null),
                new NodeInfo(
                    "n1",
                    4,
                    0,
                    List.of(),
                    null,
                    NodeState.IDLE,
                    "idle",
                    List.of(),
                    List.of(),
                    null)));

    assertThat(flux.instanceIdentity(BOUND, nodes)).isEqualTo(URI + " [n1, n2]");
    assertThat(flux.instanceIdentity(DEFAULT, nodes)).isEqualTo("(default instance) [n1, n2]");
    assertThat(flux.instanceIdentity(BOUND, null)).isNull();
  }
}
