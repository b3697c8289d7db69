package io.examlops.fleet.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.examlops.fleet.placement.Verdict.Outcome;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.flux.FluxCommands;
import io.examlops.fleet.scheduler.flux.FluxInventory;
import io.examlops.fleet.scheduler.flux.FluxProbe;
import io.examlops.fleet.scheduler.flux.FluxStatusParser;
import io.examlops.fleet.scheduler.flux.LiveFlux;
import io.examlops.fleet.transport.ScriptedRunner;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Placement leaves out a Flux queue that would refuse the job or not start it, on instance B as the
 * real probe reads it from live flux-core 0.88 captures (queues gpu with 4-GPU nodes node01-02,
 * cpu; jobs g1 and c8 running): its GPU cap (reloaded config 90), its disabled and stopped state.
 */
class FluxQueuePlacementTest {
  private static final String B = "B-gpu-queues-test5/";
  private static final Instant NOW = Instant.parse("2026-12-01T07:00:00Z");

  private static ScriptedRunner instanceB(String config, String queueStatus) {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(FluxCommands.VERSION, LiveFlux.stdout(B + "02-version"))
            // `flux resource R` (09) prints every resource, as `-s all` does
            .answer(FluxCommands.R_ALL, LiveFlux.stdout(B + "09-resource-R"))
            .answer(FluxCommands.R_ALLOCATED, LiveFlux.stdout(B + "26-resource-R-allocated-mixed"))
            .answer(
                FluxCommands.status(FluxStatusParser.Format.CURRENT),
                LiveFlux.stdout(B + "28-resource-status-mixed"))
            .answer(FluxCommands.CONFIG, config)
            .answer(FluxCommands.ACCOUNTING, 1, "", LiveFlux.stderr(B + "16-account"));
    return queueStatus == null
        ? runner
        : runner.answer(FluxCommands.QUEUE_STATUS, LiveFlux.stdout(B + queueStatus));
  }

  private static Verdict place(ScriptedRunner runner, int gpus) {
    FluxInventory inventory = new FluxProbe().inventory(runner);
    PlacementCandidate fx =
        new PlacementCandidate(
            "fx",
            ClusterGate.active(),
            FluxAdapter.KIND,
            inventory.caps(),
            new NodeInventory(FluxAdapter.KIND, "snapshot", NOW, inventory.nodes().nodes()));
    PlaceResult result =
        new Placement(Freshness.DEFAULT)
            .place(new PlaceRequest(gpus, 1, null, null, null), List.of(fx), NOW);
    return result.candidates().get(0);
  }

  private static String gpuCapConfig() {
    String whole = LiveFlux.stdout(B + "12-config-get").strip();
    String queues = LiveFlux.stdout(B + "90-config-reload-jobsize").strip();
    return whole.replaceFirst(
        "\"queues\":\\{.*\\},\"resource\"", "\"queues\":" + queues + ",\"resource\"");
  }

  @Test
  void aJobOverTheQueuesGpuCapIsNotPlacedThere() {
    String config = gpuCapConfig();
    assertThat(config).contains("\"ngpus\":2");

    Verdict four = place(instanceB(config, null), 4);
    Verdict two = place(instanceB(config, null), 2);

    assertThat(four.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(four.reason()).isEqualTo("queue gpu takes at most 2 GPUs per job");
    assertThat(four.reasons())
        .filteredOn(r -> r.rule() == Rule.QUEUE_GPU_LIMIT)
        .extracting(Reason::status, Reason::asked, Reason::there)
        .containsExactly(tuple(Reason.Status.FAIL, "4", "2"));
    assertThat(two.reasons())
        .filteredOn(r -> r.rule() == Rule.QUEUE_GPU_LIMIT)
        .extracting(Reason::status)
        .containsExactly(Reason.Status.PASS);
    assertThat(two.outcome()).isEqualTo(Outcome.CHOSEN);
    assertThat(two.partition()).isEqualTo("gpu");
  }

  @Test
  void aDisabledOrStoppedQueueIsNotPlacedOn() {
    String config = LiveFlux.stdout(B + "12-config-get");

    Verdict disabled = place(instanceB(config, "64-queue-status"), 1);
    Verdict stopped = place(instanceB(config, "00b-queue-status-stopped"), 1);

    assertThat(disabled.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    // Every rule the queue fails is said: this one is disabled and stopped.
    assertThat(disabled.reason())
        .isEqualTo(
            "queue gpu is disabled (maintenance until 10:00): the scheduler refuses jobs submitted to it;"
                + " queue gpu is stopped (maintenance until 10:00): its jobs would wait");
    assertThat(disabled.reasons())
        .filteredOn(Reason::failed)
        .extracting(Reason::rule, Reason::partition, Reason::asked, Reason::there)
        .containsExactly(
            tuple(Rule.QUEUE_ENABLED, "gpu", "enabled", "disabled"),
            tuple(Rule.QUEUE_STARTED, "gpu", "started", "stopped"));
    assertThat(stopped.outcome()).isEqualTo(Outcome.CANNOT_FIT);
    assertThat(stopped.reason()).isEqualTo("queue gpu is stopped: its jobs would wait");
  }
}
