package io.examlops.fleet.cli;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.governance.ConnectResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code exa hpc connect}: probe a host and register it as PENDING. */
@Command(
    name = "connect",
    mixinStandardHelpOptions = true,
    description = {
      "Probe a host and register it as a PENDING cluster: its definition goes to clusters.yaml,"
          + " its governance record to platform.db. It cannot receive work until an admin runs"
          + " `exa hpc approve NAME`.",
      "Connecting an already registered cluster again refreshes its capabilities and never"
          + " de-authorizes it."
    })
final class ConnectCommand extends FleetCommand {
  @Parameters(
      index = "0",
      paramLabel = "HOST",
      description = "Login node to reach over SSH, or `local` for this machine.")
  String host;

  @Option(
      names = "--name",
      required = true,
      paramLabel = "NAME",
      description =
          "Cluster name: a lower-case letter, then up to 62 lower-case letters, digits, '-' or '_'.")
  String name;

  @Option(
      names = "--scheduler",
      paramLabel = "SCHEDULER",
      description =
          "slurm, flux or mock. Default: what detection finds. mock registers the inline backend (HOST must be local).")
  String scheduler;

  @Mixin ConnectionOptions connection;

  @Override
  public Integer call() {
    ConnectResult connected =
        exa()
            .fleet()
            .governance()
            .connect(exa().actor(), new ConnectRequest(name, connection.target(host), scheduler));
    print(output(), connected);
    return ExitCode.OK;
  }

  /** What a probe registered, as {@code connect} and {@code reprobe} print it. */
  static void print(Output output, ConnectResult connected) {
    ClusterSummary summary = connected.cluster();
    output.emit(
        connected,
        () -> {
          var out = output.out();
          out.println(
              (connected.reprobed() ? "Re-probed " : "Registered ")
                  + summary.name()
                  + ": "
                  + summary.scheduler()
                  + " over "
                  + summary.transport()
                  + (summary.host() == null
                      ? ""
                      : " to " + summary.user() + "@" + summary.host() + ":" + summary.port())
                  + ", state "
                  + summary.state());
          if (summary.capabilities() != null) {
            var caps = summary.capabilities();
            out.println(
                "  "
                    + Plural.of(caps.nodes(), "node")
                    + ", "
                    + Plural.of(caps.gpus(), "GPU")
                    + " ("
                    + (caps.idleGpus() == null ? "unknown" : caps.idleGpus())
                    + " idle)");
          }
          out.println("  definition in " + connected.registry());
          if (summary.schedulable()) {
            out.println("  schedulable: yes");
          } else {
            out.println(
                "  not schedulable: "
                    + Failures.withHint(
                        summary.notSchedulableBecause(), summary.notSchedulableHint()));
          }
        });
  }
}
