package io.examlops.fleet.cli;

import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
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
  @Option(names = "--gpus", required = true, paramLabel = "N", description = "GPUs the job needs; 0 for a CPU-only job (placed by idle nodes, in the default partition unless --partition).")
  int gpus;

  @Option(names = "--nodes", paramLabel = "M", description = "At most this many nodes (default: as few as possible).")
  Integer nodes;

  @Option(names = "--gpu-type", paramLabel = "TYPE", description = "Only GPUs of this type (e.g. a100).")
  String gpuType;

  @Option(names = "--partition", paramLabel = "P", description = "Only this partition or queue (default: the best-fitting one with GPUs of each cluster).")
  String partition;

  @Option(names = "--refresh", description = "Snapshot every schedulable cluster's nodes first.")
  boolean refresh;

  @Override
  public Integer call() {
    PlacementRequest request = new PlacementRequest(gpus, nodes, gpuType, partition);
    var fleet = exa().fleet();
    Output output = output();
    if (refresh) {
      fleet.refreshSnapshots().forEach(note -> output.err().println("exa: " + note));
    }
    PlacementResult result = fleet.scheduling().place(request);
    output.emit(json(result), () -> print(output.out(), result));
    return result.chosen().isPresent() ? ExitCode.OK : ExitCode.FAILED;
  }

  static Map<String, Object> json(PlacementResult result) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("chosen", result.chosen().map(Verdict::cluster).orElse(null));
    json.put("partition", result.chosen().map(Verdict::partition).orElse(null));
    json.put("explanation", result.explanation());
    json.put("request", result.request());
    json.put("candidates", result.verdicts());
    return json;
  }

  static void print(PrintWriter out, PlacementResult result) {
    out.println(result.explanation());
    for (Verdict v : result.others()) {
      out.println("  " + v.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
          + ": " + v.label() + " — " + v.reason());
    }
  }
}
