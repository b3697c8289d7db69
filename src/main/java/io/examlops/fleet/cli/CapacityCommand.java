package io.examlops.fleet.cli;

import io.examlops.fleet.capacity.CapacityRequest;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.capacity.ClusterCapacity;
import io.examlops.fleet.model.capacity.FleetCapacity;
import java.math.BigDecimal;
import java.math.RoundingMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code exa hpc capacity}: GPUs, utilization, GPU-hours and cost per ACTIVE cluster. */
@Command(
    name = "capacity",
    mixinStandardHelpOptions = true,
    description = {
      "Per ACTIVE cluster: total and idle GPUs, utilization %%, GPU-hours used by tracked jobs and"
          + " their cost at $GPU_COST_PER_HOUR (default 2.50). A figure that cannot be known is"
          + " shown as unknown, never as 0."
    })
final class CapacityCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Override
  public Integer call() {
    FleetCapacity capacity =
        exa().fleet().capacity().capacity(exa().actor(), new CapacityRequest(ReadFrom.SCHEDULER));
    Output output = output();
    output.emit(
        capacity,
        () -> {
          Table table =
              new Table("CLUSTER", "GPUS", "IDLE_GPUS", "UTIL_%", "GPU_HOURS", "COST", "DATA")
                  .right("GPUS", "IDLE_GPUS", "UTIL_%", "COST");
          for (ClusterCapacity c : capacity.clusters()) {
            table.row(
                c.cluster(),
                unknown(c.totalGpus()),
                unknown(c.idleGpus()),
                unknown(round(c.utilizationPercent(), 1)),
                c.gpuHours().describe(),
                unknown(round(c.cost(), 2)),
                c.source().name().toLowerCase(java.util.Locale.ROOT)
                    + (c.takenAt() == null
                        ? ""
                        : " " + io.examlops.fleet.json.FleetJson.instant(c.takenAt()))
                    + (c.sameInstanceAs() == null
                        ? ""
                        : "; same instance as " + c.sameInstanceAs() + ", counted once"));
          }
          table.row(
              "(fleet)",
              unknown(capacity.totalGpus()),
              unknown(capacity.idleGpus()),
              unknown(round(capacity.utilizationPercent(), 1)),
              capacity.gpuHours().describe(),
              unknown(round(capacity.cost(), 2)),
              "rate " + capacity.rate().toPlainString() + " " + capacity.currency() + "/GPU-hour");
          table.print(output.out(), format);
        });
    return ExitCode.OK;
  }

  private static Object unknown(Object value) {
    return value == null ? "unknown" : value;
  }

  private static BigDecimal round(BigDecimal value, int places) {
    return value == null ? null : value.setScale(places, RoundingMode.HALF_UP);
  }
}
