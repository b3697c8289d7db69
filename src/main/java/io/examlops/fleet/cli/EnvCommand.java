package io.examlops.fleet.cli;

import io.examlops.fleet.governance.EnvRequest;
import io.examlops.fleet.governance.EnvResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code exa hpc env}: the EXAMLOPS_HPC_* environment of an ACTIVE cluster. */
@Command(
    name = "env",
    mixinStandardHelpOptions = true,
    description = {
      "Print the EXAMLOPS_HPC_* environment (scheduler, SSH host, user, key path, port, cluster)"
          + " that the scheduler adapter reads, as shell-quoted export lines: eval \"$(exa hpc env"
          + " NAME)\". Refused, with the reason, for a cluster that is not ACTIVE or has changed"
          + " since it was approved."
    })
final class EnvCommand extends FleetCommand {
  @Mixin ClusterParameter clusterName;

  @Override
  public Integer call() {
    EnvResult env =
        exa().fleet().governance().environment(new EnvRequest(clusterName.orDefault(exa())));
    output().emitLine(env, env::exportLines);
    return ExitCode.OK;
  }
}
