package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import java.util.Optional;

/**
 * A bare GPU host: nvidia-smi answers, no workload manager does. Detected and read (and the GPU
 * detail other schedulers' nodes are enriched with), never registered: it takes no jobs.
 */
public final class NvidiaAdapter implements SchedulerAdapter {
  /** A bare GPU host: nvidia-smi answers but no workload manager does; it takes no jobs. */
  public static final SchedulerKind KIND = SchedulerKind.declare("unmanaged", false);

  @Override
  public SchedulerKind kind() {
    return KIND;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return new NvidiaProbe();
  }

  /** nvidia-smi reads the devices of any host with the driver, Slurm's and Flux's nodes too. */
  @Override
  public boolean describesDevices() {
    return true;
  }

  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.empty();
  }

  @Override
  public String whyNotRegistrable(String target) {
    return target
        + " has GPUs but no scheduler (only nvidia-smi answers); HPC Fleet"
        + " submits through Slurm, Flux or the mock backend";
  }
}
