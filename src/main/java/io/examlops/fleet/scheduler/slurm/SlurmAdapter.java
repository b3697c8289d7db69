package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.AdapterSetting;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ByReach;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.StartEstimate;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import java.util.Optional;

/**
 * Slurm: sinfo for discovery, sbatch / squeue / sacct / scancel for jobs, sacctmgr for accounts.
 */
public final class SlurmAdapter implements SchedulerAdapter {
  /**
   * Slurm runs jobs; besides a shell's connection it may be reached through slurmrestd, whose
   * settings ({@link ApiSettings}) it takes.
   */
  public static final SchedulerKind KIND =
      SchedulerKind.declare("slurm", true, ApiSettings.ALL.toArray(AdapterSetting[]::new));

  @Override
  public SchedulerKind kind() {
    return KIND;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return ByReach.probe(new SlurmProbe(), new SlurmRestProbe(context.clock()));
  }

  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.of(
        ByReach.backend(
            new SlurmBackend(SlurmGpuTracking.INFER), new SlurmRestBackend(context.clock())));
  }

  /** sbatch --test-only has no slurmrestd counterpart: through it the estimate is unavailable. */
  @Override
  public Optional<StartEstimator> startEstimator() {
    SlurmStartEstimator shell = new SlurmStartEstimator();
    return Optional.of(
        (runner, request, partition) ->
            SlurmRest.reaches(runner)
                ? StartEstimate.unavailable("slurmrestd has no test-only submission", "slurmrestd")
                : shell.estimate(runner, request, partition));
  }

  /** Through slurmrestd the associations are not read (sacctmgr's view is a shell's). */
  @Override
  public Check accountCheck(CommandRunner runner, String user, String account, String partition) {
    if (SlurmRest.reaches(runner)) {
      return Check.pass(
          CheckName.ACCOUNT,
          "account not checked through slurmrestd: Slurm checks it when the job is submitted");
    }
    return SlurmAccountCheck.run(runner, user, account, partition);
  }

  /** A cluster reached through slurmrestd is pinned to the API version chosen from its offer. */
  @Override
  public ClusterDefinition registering(ClusterDefinition definition, Endpoint endpoint) {
    if (!endpoint.isApi() || definition.settings().get(ApiSettings.VERSION.name()) != null) {
      return definition;
    }
    try (CommandRunner runner = endpoint.open()) {
      return definition.withSetting(
          ApiSettings.VERSION.name(),
          SlurmRest.client(runner, java.time.Clock.systemUTC()).version().label());
    }
  }
}
