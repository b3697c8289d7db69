package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.DetectRequest;
import io.examlops.fleet.discovery.DetectResult;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.PartitionInfo;
import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code exa hpc detect}: which scheduler a host runs, and the configuration to use it. */
@Command(
    name = "detect",
    mixinStandardHelpOptions = true,
    description = {
      "Detect the scheduler on a host (Flux, Slurm, a bare nvidia-smi GPU host, or nothing) and"
          + " print the suggested configuration. Read-only; applies nothing.",
      "Without HOST it probes $EXAMLOPS_HPC_SSH_HOST when set, else this machine."
    })
final class DetectCommand extends FleetCommand {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "HOST",
      description = "Host to probe over SSH.")
  String host;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    DetectResult detection =
        exa().fleet().discovery().detect(new DetectRequest(connection.target(host)));
    Output output = output();
    output.emit(detection, () -> human(output.out(), detection));
    // Installed but not answering is an answer too, printed in full; the exit code tells scripts
    // that the scheduler could not be queried, as for any refused query.
    return DetectResult.NOT_ANSWERING.equals(detection.outcome())
        ? ExitCode.SCHEDULER
        : ExitCode.OK;
  }

  private static void human(PrintWriter out, DetectResult detection) {
    DetectResult.Suggested suggestion = detection.suggested();
    String clustersYaml = suggestion.clustersYaml();
    if (DetectResult.NOT_ANSWERING.equals(detection.outcome())) {
      out.println(
          "Installed but not answering on "
              + detection.target()
              + ": "
              + detection.notAnswering().stream()
                  .map(p -> p.scheduler().label())
                  .collect(Collectors.joining(", "))
              + ".");
      detection.notes().forEach(n -> out.println("  " + n));
      out.println();
      out.println(
          "Once it answers, run exa hpc detect again. Meanwhile the mock backend runs jobs as"
              + " local processes:");
      out.println("  " + suggestion.exportLines());
      printEntry(out, clustersYaml);
      return;
    }
    if (!detection.found()) {
      out.println("No scheduler found on " + detection.target() + ".");
      detection.notes().forEach(n -> out.println("  " + n));
      out.println();
      out.println("To try HPC Fleet without a cluster, use the mock backend, which runs jobs as");
      out.println("local processes:");
      out.println("  " + suggestion.exportLines());
      printEntry(out, clustersYaml);
      return;
    }
    ClusterCaps caps = detection.capabilities();
    out.println(
        "Scheduler:   "
            + caps.scheduler().label()
            + " "
            + caps.version()
            + (caps.accounting() ? " (accounting present)" : " (no accounting)"));
    out.println(
        "Host:        "
            + ("local".equals(detection.transport())
                ? "this machine"
                : detection.target() + " over " + detection.transport())
            + " ("
            + detection.commandsRun()
            + " query commands)");
    out.println(
        "Nodes:       "
            + caps.nodes()
            + " ("
            + caps.idleNodes()
            + " idle), "
            + caps.cpus()
            + " CPUs");
    out.println(
        "GPUs:        "
            + caps.gpus()
            + " ("
            + (caps.idleGpus() == null ? "unknown" : caps.idleGpus())
            + " idle)"
            + (caps.gpuTypes().isEmpty() ? "" : ", types " + String.join(", ", caps.gpuTypes())));
    if (!caps.partitions().isEmpty()) {
      out.println(
          "Partitions:  "
              + caps.partitions().stream()
                  .map(DetectCommand::partition)
                  .collect(Collectors.joining(", ")));
    }
    List<GpuInfo> gpus = detection.gpus();
    if (!gpus.isEmpty()) {
      out.println(
          "GPU models:  "
              + gpus.stream().map(GpuInfo::model).distinct().collect(Collectors.joining(", ")));
    }
    detection.notes().stream()
        .filter(n -> !n.contains(": not available"))
        .forEach(n -> out.println("Note:        " + n));
    out.println();
    out.println("Suggested environment (not applied):");
    suggestion.exportLines().lines().forEach(l -> out.println("  " + l));
    printEntry(out, clustersYaml);
    out.println();
    out.println("To register it for approval: exa hpc connect HOST --name NAME (same options).");
  }

  private static void printEntry(PrintWriter out, String clustersYaml) {
    if (clustersYaml == null) {
      return;
    }
    out.println();
    out.println("Suggested clusters.yaml entry (not applied):");
    clustersYaml.lines().filter(l -> !l.startsWith("#")).forEach(l -> out.println("  " + l));
  }

  private static String partition(PartitionInfo p) {
    return p.name() + (p.isDefault() ? " (default)" : "");
  }
}
