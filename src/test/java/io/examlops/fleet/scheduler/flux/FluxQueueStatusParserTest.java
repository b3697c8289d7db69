package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import org.junit.jupiter.api.Test;

/** {@code flux queue status} as flux-core 0.88 printed it (live captures of instance B). */
class FluxQueueStatusParserTest {
  private static String capture(String name) {
    return FluxFixtures.read("live-0.88/B-gpu-queues-test5/" + name + ".stdout");
  }

  @Test
  void stoppedAndDisabledQueuesWithTheAdminsMessage() {
    assertThat(FluxQueueStatusParser.parse("flux queue status", capture("64-queue-status")))
        .containsExactly(
            new FluxQueueState("gpu", false, "maintenance until 10:00", false, null),
            new FluxQueueState("cpu", true, null, true, null));
    assertThat(
            FluxQueueStatusParser.parse("flux queue status", capture("00b-queue-status-stopped")))
        .extracting(FluxQueueState::started)
        .containsExactly(false, false);
  }

  @Test
  void flux_queue_list_sColourTextIsNotWhatIsRead() {
    assertThat(capture("65-queue-list")).contains("\u001b[");
    assertThatThrownBy(
            () -> FluxQueueStatusParser.parse("flux queue status", capture("65-queue-list")))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1");
  }
}
