package io.examlops.fleet.scheduler.flux;

import static io.examlops.fleet.scheduler.Check.Status.FAIL;
import static io.examlops.fleet.scheduler.Check.Status.PASS;
import static io.examlops.fleet.scheduler.Check.Status.WARN;
import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The Flux queue policy check on live flux-core 0.88 captures of instance B (queues gpu, 30m limit,
 * default queue; cpu, 2h instance-wide limit): it refuses what {@code flux submit} refused there,
 * in the same words, and warns where Flux accepts a job that would wait.
 */
class FluxQueueCheckTest {
  private static final String B = "B-gpu-queues-test5/";

  /** The whole config as captured (12), and as reloaded with a 2-GPU cap on gpu (90). */
  private static final String CONFIG = LiveFlux.stdout(B + "12-config-get");

  private static final String CONFIG_GPU_CAP =
      "{\"policy\":"
          + policyOf(CONFIG)
          + ",\"queues\":"
          + LiveFlux.stdout(B + "90-config-reload-jobsize").strip()
          + "}";

  /** Reloaded with a default duration of 10m (93: `flux config get policy`). */
  private static final String CONFIG_DEFAULT_10M =
      "{\"policy\":"
          + LiveFlux.stdout(B + "93-config-reload-default-duration").strip()
          + ",\"queues\":"
          + queuesOf(CONFIG)
          + "}";

  private static String policyOf(String config) {
    return section(config, "policy");
  }

  private static String queuesOf(String config) {
    return section(config, "queues");
  }

  private static String section(String json, String key) {
    try {
      var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
      return mapper.writeValueAsString(mapper.readTree(json).get(key));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static ScriptedRunner instance(String config, String queueStatus) {
    return new ScriptedRunner()
        .answer(FluxCommands.CONFIG, config)
        .answer(FluxCommands.QUEUE_STATUS, LiveFlux.stdout(B + queueStatus));
  }

  /** Flux's own words, without its "[Errno 22] " prefix. */
  private static String fluxSaid(String capture) {
    return LiveFlux.stderr(B + capture).strip().replace("[Errno 22] ", "");
  }

  private static PreflightAsk ask(int gpus, String queue, Duration time) {
    return new PreflightAsk(gpus, 1, queue, null, time);
  }

  @Test
  void noTimeOnAQueueWithALimitAndNoDefaultFailsAsFluxRefusedIt() {
    Check named =
        FluxQueueCheck.run(instance(CONFIG, "64-queue-status"), ask(1, "gpu", null), "gpu");
    Check defaulted =
        FluxQueueCheck.run(instance(CONFIG, "64-queue-status"), ask(1, null, null), null);

    assertThat(named.status()).isEqualTo(FAIL);
    assertThat(named.reason())
        .contains(fluxSaid("20-submit-1gpu-nolimit"))
        .contains("give a time limit");
    assertThat(defaulted.reason()).as("the default queue is gpu").isEqualTo(named.reason());
  }

  @Test
  void aJobOverTheQueuesGpuCapFailsAsFluxRefusedIt() {
    Check check =
        FluxQueueCheck.run(
            instance(CONFIG_GPU_CAP, "64-queue-status"),
            ask(4, "gpu", Duration.ofMinutes(1)),
            "gpu");

    assertThat(check.status()).isEqualTo(FAIL);
    assertThat(check.reason())
        .isEqualTo("Flux would refuse the job: " + fluxSaid("92-submit-over-jobsize"));
  }

  @Test
  void aDisabledQueueFailsWithTheAdminsMessage() {
    Check check =
        FluxQueueCheck.run(
            instance(CONFIG_DEFAULT_10M, "64-queue-status"), ask(1, "gpu", null), "gpu");

    assertThat(check.status()).isEqualTo(FAIL);
    assertThat(check.reason())
        .isEqualTo(
            "queue gpu is disabled (maintenance until 10:00): Flux refuses submissions to it");
    assertThat(fluxSaid("67-submit-disabled")).contains("maintenance until 10:00");
  }

  @Test
  void aStoppedQueueWarnsThatTheJobWouldWait() {
    Check check =
        FluxQueueCheck.run(
            instance(CONFIG, "00b-queue-status-stopped"),
            ask(1, "cpu", Duration.ofMinutes(5)),
            "cpu");

    assertThat(check.status()).isEqualTo(WARN);
    assertThat(check.reason())
        .startsWith("queue cpu is stopped: Flux accepts the job but it waits")
        .contains("flux queue start cpu");
  }

  @Test
  void anEnabledStartedQueueWithinItsLimitsPasses() {
    Check cpu =
        FluxQueueCheck.run(
            instance(CONFIG, "64-queue-status"), ask(1, "cpu", Duration.ofHours(1)), "cpu");
    Check overInstanceLimit =
        FluxQueueCheck.run(
            instance(CONFIG, "64-queue-status"), ask(1, "cpu", Duration.ofHours(3)), "cpu");

    assertThat(cpu.status()).isEqualTo(PASS);
    assertThat(cpu.reason()).isEqualTo("queue cpu is enabled and started; within its limits");
    assertThat(overInstanceLimit.status()).isEqualTo(FAIL);
    assertThat(overInstanceLimit.reason())
        .isEqualTo(
            "Flux would refuse the job: requested duration (3h) exceeds policy limit of 2h"
                + " for queue cpu");
  }
}
