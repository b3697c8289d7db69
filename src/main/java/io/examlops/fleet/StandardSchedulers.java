package io.examlops.fleet;

import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.nvidia.NvidiaAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;

/**
 * The one place that names the schedulers HPC Fleet ships: Flux, Slurm, bare nvidia-smi hosts and
 * the mock, in detection order. A site adds its own with {@link SchedulerAdapters#with}.
 */
public final class StandardSchedulers {
  private StandardSchedulers() {}

  public static SchedulerAdapters adapters() {
    return SchedulerAdapters.of(
        new FluxAdapter(), new SlurmAdapter(), new NvidiaAdapter(), new MockAdapter());
  }
}
