package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FluxConfigParserTest {

  /**
   * `flux config get` of the gpu instance: the captured `queues` table plus the
   * policy.jobspec.defaults.system.queue = "batch" of its queues.toml (fixtures README).
   */
  static String gpuInstanceConfig() {
    return "{\"queues\":"
        + FluxFixtures.read("instance/config-get-queues.json").strip()
        + ",\"resource\":"
        + FluxFixtures.read("instance/config-get-resource.json").strip()
        + ",\"policy\":{\"jobspec\":{\"defaults\":{\"system\":{\"queue\":\"batch\"}}}}}";
  }

  @Test
  void readsQueuesTheirRequirementsAndTheDefault() {
    FluxQueues queues = FluxConfigParser.parseQueues("flux config get", gpuInstanceConfig());
    assertThat(queues.defaultQueue()).isEqualTo("batch");
    assertThat(queues.queues()).extracting(FluxQueue::name).containsExactly("batch", "debug");
    assertThat(queues.partitions())
        .containsExactly(
            new PartitionInfo("batch", true, null), new PartitionInfo("debug", false, null));
    assertThat(queues.servedBy(List.of("amd-mi250@gpu", "batch"))).containsExactly("batch");
    assertThat(queues.servedBy(List.of("debug"))).containsExactly("debug");
  }

  @Test
  void queueLimitsOverrideTheInstanceLimit() {
    String json =
        "{\"policy\":{\"limits\":{\"duration\":\"4h\"}},"
            + "\"queues\":{\"batch\":{},\"debug\":{\"policy\":{\"limits\":{\"duration\":\"30m\"}}},"
            + "\"long\":{\"policy\":{\"limits\":{\"duration\":\"0\"}}}}}";
    FluxQueues queues = FluxConfigParser.parseQueues("flux config get", json);
    assertThat(queues.queues())
        .extracting(FluxQueue::maxTimeMinutes)
        .containsExactly(240L, 30L, null);
    assertThat(queues.queues().get(0).requires()).isEmpty();
    assertThat(queues.servedBy(List.of())).containsExactly("batch", "debug", "long");
    assertThat(queues.defaultQueue()).isNull();
  }

  @Test
  void readsFluxStandardDurations() {
    assertThat(FluxConfigParser.fsdSeconds("90")).isEqualTo(90.0);
    assertThat(FluxConfigParser.fsdSeconds("1.5d")).isEqualTo(129600.0);
    assertThat(FluxConfigParser.fsdSeconds("inf")).isInfinite();
    assertThat(FluxConfigParser.fsdSeconds("1 hour")).isNull();
  }

  @Test
  void noQueuesAndBadConfigs() {
    assertThat(FluxConfigParser.parseQueues("flux config get", "{}").queues()).isEmpty();
    assertThatThrownBy(
            () ->
                FluxConfigParser.parseQueues(
                    "flux config get", "{\"policy\":{\"limits\":{\"duration\":\"forever\"}}}"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("policy.limits.duration")
        .hasMessageContaining("Flux Standard Duration");
    assertThatThrownBy(
            () ->
                FluxConfigParser.parseQueues(
                    "flux config get", "{\"queues\":{\"a\":{\"requires\":\"x\"}}}"))
        .hasMessageContaining("queues.a.requires");
    assertThatThrownBy(() -> FluxConfigParser.parseQueues("flux config get", "{"))
        .hasMessageContaining("cannot read the JSON config");
  }
}
