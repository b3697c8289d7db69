package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.transport.CommandRunner;
import java.time.Clock;

/** Whether a runner reaches Slurm through slurmrestd, and its client when it does. */
final class SlurmRest {
  private SlurmRest() {}

  static boolean reaches(CommandRunner runner) {
    return runner.api().isPresent();
  }

  static SlurmRestClient client(CommandRunner runner, Clock clock) {
    return new SlurmRestClient(
        runner
            .api()
            .orElseThrow(
                () ->
                    new IllegalStateException(runner.target() + " is not reached through an API")),
        clock);
  }
}
