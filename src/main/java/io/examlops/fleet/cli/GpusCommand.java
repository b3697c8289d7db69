package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.GpusRequest;
import io.examlops.fleet.discovery.GpusResult;
import io.examlops.fleet.model.GpuInfo;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc gpus}: GPU devices of a host, as nvidia-smi reports them. */
@Command(
    name = "gpus",
    mixinStandardHelpOptions = true,
    description = "List GPU devices of a host: model, memory, utilization, online status.")
final class GpusCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      description =
          "GPU host to query over SSH (default: $EXAMLOPS_HPC_SSH_HOST, else this machine).")
  String host;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    GpusResult gpus = exa().fleet().discovery().gpus(new GpusRequest(connection.target(host)));
    Output output = output();
    output.emit(gpus, () -> table(gpus.gpus()).print(output.out(), format));
    return ExitCode.OK;
  }

  private static Table table(List<GpuInfo> gpus) {
    Table table =
        new Table(
                "HOST",
                "INDEX",
                "MODEL",
                "MEMORY_USED_MIB",
                "MEMORY_TOTAL_MIB",
                "UTIL_%",
                "ONLINE",
                "MIG",
                "UUID")
            .right("INDEX", "MEMORY_USED_MIB", "MEMORY_TOTAL_MIB", "UTIL_%");
    for (GpuInfo gpu : gpus) {
      table.row(
          gpu.host(),
          gpu.index(),
          gpu.model(),
          unknownIfNull(gpu.memoryUsedMib()),
          unknownIfNull(gpu.memoryTotalMib()),
          unknownIfNull(gpu.utilizationPercent()),
          gpu.online() ? "yes" : "no",
          gpu.migMode() ? "on" : "off",
          gpu.uuid());
    }
    return table;
  }

  private static Object unknownIfNull(Object value) {
    return value == null ? "n/a" : value;
  }
}
