package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.Verdict;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code exa hpc place}: which ACTIVE cluster should run a job, and why. */
@Command(
    name = "place",
    mixinStandardHelpOptions = true,
    description = {
      "Choose the ACTIVE cluster with the most usable idle capacity for a job and explain the"
          + " choice, and why every other cluster lost or was skipped. Reads the node snapshots"
          + " (exa hpc nodes --save --cluster NAME), else each cluster's declared capabilities.",
      "Exit code 1 when no cluster can take the job."
    })
final class PlaceCommand extends FleetCommand {
  @Option(
      names = {"-G", "--gpus"},
      required = true,
      paramLabel = "N",
      description =
          "GPUs the job needs; 0 for a CPU-only job (placed by idle nodes, in the default partition unless --partition).")
  int gpus;

  @Option(
      names = {"-N", "--nodes"},
      paramLabel = "M",
      description = "At most this many nodes (default: as few as possible).")
  Integer nodes;

  @Option(
      names = "--gpu-type",
      paramLabel = "TYPE",
      description = "Only GPUs of this type (e.g. a100).")
  String gpuType;

  @Option(
      names = {"-p", "--partition"},
      paramLabel = "P",
      description =
          "Only this partition or queue (default: the best-fitting one with GPUs of each cluster).")
  String partition;

  @Option(names = "--refresh", description = "Snapshot every schedulable cluster's nodes first.")
  boolean refresh;

  @Override
  public Integer call() {
    var fleet = exa().fleet();
    Output output = output();
    PlaceRequest request = new PlaceRequest(gpus, nodes, gpuType, partition, null);
    if (refresh) {
      fleet
          .discovery()
          .refresh(exa().actor(), RefreshRequest.ALL)
          .notes()
          .forEach(note -> output.err().println("exa: " + note));
    }
    PlaceResult result = fleet.placement().place(request);
    output.emit(result, () -> print(output.out(), result));
    return result.chosen() != null ? ExitCode.OK : ExitCode.FAILED;
  }

  static void print(PrintWriter out, PlaceResult result) {
    out.println(result.explanation());
    for (Verdict v : result.others()) {
      out.println(
          "  "
              + v.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
              + ": "
              + v.label()
              + " — "
              + v.reason());
    }
  }
}
