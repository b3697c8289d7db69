package io.examlops.fleet.bench;

import io.examlops.fleet.scheduler.flux.FluxCommands;
import io.examlops.fleet.scheduler.nvidia.NvidiaCommands;
import io.examlops.fleet.scheduler.slurm.SinfoFormat;
import io.examlops.fleet.scheduler.slurm.SlurmProbe;
import java.util.List;

/**
 * Prints, as a shell script, the query commands {@code exa hpc detect} sends to a Slurm host, in
 * its order: scripts/bench/detect.sh runs them in one OpenSSH session, the network floor of a
 * detect. Read from the probes' own constants so that the floor follows the probes.
 */
public final class DetectQueries {
  static final List<String> SLURM_DETECT =
      List.of(
          FluxCommands.VERSION,
          SlurmProbe.VERSION_COMMAND,
          SinfoFormat.RICH.command(),
          SlurmProbe.ACCOUNTING_COMMAND,
          NvidiaCommands.LIST);

  private DetectQueries() {}

  public static void main(String[] args) {
    for (String command : SLURM_DETECT) {
      System.out.println(command + " || true");
    }
  }
}
