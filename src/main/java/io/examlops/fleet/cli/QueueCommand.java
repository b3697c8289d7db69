package io.examlops.fleet.cli;

import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.model.QueueEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code exa hpc queue}: a cluster's live queue, normalized. */
@Command(
    name = "queue",
    mixinStandardHelpOptions = true,
    description =
        "Show a cluster's live queue (squeue / flux jobs / the mock's jobs), all users, normalized.")
final class QueueCommand extends FleetCommand {
  @Mixin TableFormat format;

  @Option(
      names = "--cluster",
      paramLabel = "NAME",
      description = "The cluster (default: $EXAMLOPS_HPC_CLUSTER).")
  String cluster;

  @Override
  public Integer call() {
    String name = exa().clusterOrDefault(cluster);
    QueueResult queue = exa().fleet().jobs().queue(exa().actor(), QueueRequest.live(name));
    Output output = output();
    output.emit(
        queue,
        () -> {
          Table table =
              new Table(
                      "JOBID",
                      "NAME",
                      "USER",
                      "STATE",
                      "PARTITION",
                      "NODES",
                      "GPUS",
                      "ELAPSED",
                      "REASON")
                  .right("NODES", "GPUS", "ELAPSED");
          for (QueueEntry e : queue.jobs()) {
            table.row(
                e.id(),
                e.name(),
                e.user(),
                e.state().label(),
                e.partition(),
                e.nodes(),
                e.gpus() == null ? "unknown" : e.gpus(),
                Durations.human(e.elapsed()),
                e.reason());
          }
          table.print(output.out(), format);
        });
    return ExitCode.OK;
  }
}
