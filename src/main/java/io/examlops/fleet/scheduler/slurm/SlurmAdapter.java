package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.transport.CommandRunner;
import java.util.Optional;

/**
 * Slurm: sinfo for discovery, sbatch / squeue / sacct / scancel for jobs, sacctmgr for accounts.
 */
public final class SlurmAdapter implements SchedulerAdapter {
  /** Slurm runs jobs and takes no setting besides the connection. */
  public static final SchedulerKind KIND = SchedulerKind.declare("slurm", true);

  @Override
  public SchedulerKind kind() {
    return KIND;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return new SlurmProbe();
  }

  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.of(new SlurmBackend(SlurmGpuTracking.INFER));
  }

  @Override
  public Optional<StartEstimator> startEstimator() {
    return Optional.of(new SlurmStartEstimator());
  }

  @Override
  public Check accountCheck(CommandRunner runner, String user, String account, String partition) {
    return SlurmAccountCheck.run(runner, user, account, partition);
  }
}
