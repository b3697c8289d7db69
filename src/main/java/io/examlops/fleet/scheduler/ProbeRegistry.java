package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.SchedulerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The probes detection tries, in order. Workload managers come before the bare-GPU probe so that a
 * Slurm node that also has nvidia-smi is reported as Slurm.
 */
public final class ProbeRegistry {
  private final List<SchedulerProbe> probes = new CopyOnWriteArrayList<>();
  private final Set<SchedulerKind> describingDevices = ConcurrentHashMap.newKeySet();

  /** Adds a probe; a later probe for the same scheduler replaces the earlier one in place. */
  public ProbeRegistry register(SchedulerProbe probe) {
    return register(probe, false);
  }

  /**
   * Adds a probe, marked as the one that reads GPU devices when {@code describesDevices} (see
   * {@link SchedulerAdapter#describesDevices()}).
   */
  public ProbeRegistry register(SchedulerProbe probe, boolean describesDevices) {
    if (describesDevices) {
      describingDevices.add(probe.kind());
    } else {
      describingDevices.remove(probe.kind());
    }
    for (int i = 0; i < probes.size(); i++) {
      if (probes.get(i).kind() == probe.kind()) {
        probes.set(i, probe);
        return this;
      }
    }
    probes.add(probe);
    return this;
  }

  public List<SchedulerProbe> probes() {
    return new ArrayList<>(probes);
  }

  public Optional<SchedulerProbe> probe(SchedulerKind kind) {
    return probes.stream().filter(p -> p.kind() == kind).findFirst();
  }

  /** The first probe that reads GPU devices on any host (nvidia-smi's), if one is registered. */
  public Optional<SchedulerProbe> deviceProbe() {
    return probes.stream().filter(p -> describingDevices.contains(p.kind())).findFirst();
  }
}
