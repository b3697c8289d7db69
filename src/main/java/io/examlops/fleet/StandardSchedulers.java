package io.examlops.fleet;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.nvidia.NvidiaAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.util.List;

/**
 * The one place that names the schedulers HPC Fleet ships: Flux, Slurm, bare nvidia-smi hosts and
 * the mock, in detection order. A site adds its own with {@link SchedulerAdapters#with}.
 *
 * <p>Each adapter declares its kind as its class loads, and a kind must be declared before
 * clusters.yaml or platform.db names it: every surface builds its fleet from {@link #adapters()}
 * before it reads either. Loading this class declares them all, in the order messages list them.
 */
public final class StandardSchedulers {
  private static final List<SchedulerKind> KINDS =
      List.of(SlurmAdapter.KIND, FluxAdapter.KIND, NvidiaAdapter.KIND, MockAdapter.KIND);

  private StandardSchedulers() {}

  public static SchedulerAdapters adapters() {
    return SchedulerAdapters.of(
        new FluxAdapter(), new SlurmAdapter(), new NvidiaAdapter(), new MockAdapter());
  }

  /** The kinds of the schedulers HPC Fleet ships, declared; in the order messages list them. */
  public static List<SchedulerKind> kinds() {
    return KINDS;
  }
}
