package io.examlops.fleet.cli;

import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc preflight}: fail-fast checks before submitting; a CI gate. */
@Command(
    name = "preflight",
    mixinStandardHelpOptions = true,
    description = {
      "Check a cluster before submitting: approved and unchanged, host answers, the declared"
          + " scheduler answers, enough GPUs exist (fail) and are idle now (warn), the partition"
          + " exists and allows the ask, the account is valid when accounting is present.",
      "Each check prints pass, warn, fail or skipped with a reason. Exit code 1 on any failure,"
          + " 0 otherwise (warnings allowed): safe as a CI gate."
    })
final class PreflightCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Mixin ClusterParameter clusterName;

  @Option(
      names = {"-G", "--gpus"},
      required = true,
      paramLabel = "K",
      description = "GPUs the job needs; 0 for a CPU-only job.")
  int gpus;

  @Option(
      names = {"-N", "--nodes"},
      paramLabel = "M",
      description = "Nodes the job spreads over.")
  Integer nodes;

  @Option(
      names = {"-p", "--partition"},
      paramLabel = "P",
      description =
          "Partition or queue (default: where submit would send the job: placement's choice inside the cluster, the default partition for --gpus 0).")
  String partition;

  @Option(
      names = {"-A", "--account"},
      paramLabel = "A",
      description = "Slurm account or Flux bank to check.")
  String account;

  @Option(
      names = {"-t", "--time"},
      paramLabel = "LIMIT",
      description = "Wall time the job asks for, e.g. 02:00:00 or 2h.")
  String time;

  @Override
  public Integer call() {
    String cluster = clusterName.orDefault(exa());
    PreflightResult report =
        exa()
            .fleet()
            .placement()
            .preflight(
                exa().actor(),
                new PreflightRequest(cluster, gpus, nodes, partition, account, time));
    Output output = output();
    output.emit(
        report,
        () -> {
          Table table = new Table("CHECK", "RESULT", "REASON");
          for (PreflightResult.Check c : report.checks()) {
            table.row(
                c.name().toLowerCase(Locale.ROOT), c.status().toLowerCase(Locale.ROOT), c.reason());
          }
          table.print(output.out(), format);
          output
              .out()
              .println(
                  "preflight "
                      + (report.failed() ? "FAILED" : "passed")
                      + " for "
                      + report.cluster());
        });
    return report.failed() ? ExitCode.FAILED : ExitCode.OK;
  }
}
