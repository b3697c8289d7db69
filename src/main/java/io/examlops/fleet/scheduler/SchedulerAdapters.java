package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.settings.Variables;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The one registration of schedulers: which adapters a {@code Fleet} is built with, in detection
 * order. Schedulers that run jobs are tried before those that do not, so that a Slurm node that
 * also has nvidia-smi is reported as Slurm. Immutable: {@link #with} returns a new registration.
 */
public final class SchedulerAdapters {
  private final List<SchedulerAdapter> adapters;

  private SchedulerAdapters(List<SchedulerAdapter> adapters) {
    this.adapters = List.copyOf(adapters);
  }

  /** These adapters, in detection order (see {@code StandardSchedulers} for the shipped ones). */
  public static SchedulerAdapters of(SchedulerAdapter... adapters) {
    return new SchedulerAdapters(List.of(adapters));
  }

  /**
   * This registration and one more scheduler: an adapter for a kind already registered replaces it
   * in place; a new one that runs jobs is tried first (the scheduler a site adds is the one it
   * means), one that runs none after every one that does.
   */
  public SchedulerAdapters with(SchedulerAdapter adapter) {
    List<SchedulerAdapter> next = new ArrayList<>(adapters);
    for (int i = 0; i < next.size(); i++) {
      if (next.get(i).kind() == adapter.kind()) {
        next.set(i, adapter);
        return new SchedulerAdapters(next);
      }
    }
    int at = adapter.kind().runsJobs() ? 0 : firstWithoutJobs(next);
    next.add(at, adapter);
    return new SchedulerAdapters(next);
  }

  private static int firstWithoutJobs(List<SchedulerAdapter> list) {
    for (int i = 0; i < list.size(); i++) {
      if (!list.get(i).kind().runsJobs()) {
        return i;
      }
    }
    return list.size();
  }

  /** Every adapter, in detection order. */
  public List<SchedulerAdapter> all() {
    return adapters;
  }

  public Optional<SchedulerAdapter> find(SchedulerKind kind) {
    return adapters.stream().filter(a -> a.kind() == kind).findFirst();
  }

  /**
   * The adapter of a kind.
   *
   * @throws IllegalArgumentException when none is registered for it
   */
  public SchedulerAdapter of(SchedulerKind kind) {
    return find(kind)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no scheduler adapter is registered for " + kind.label()));
  }

  /**
   * Refuses a scheduler label ({@code EXAMLOPS_HPC_SCHEDULER}) that names none of these; {@code
   * null} (unset) passes.
   *
   * @throws FleetException naming the variable and the values it takes
   */
  public void requireKnown(String label) {
    if (label == null || kinds().stream().anyMatch(k -> k.label().equals(label))) {
      return;
    }
    throw new FleetException(
        ErrorKind.INVALID_REQUEST,
        Variables.SCHEDULER
            + " is "
            + Printable.quoted(label)
            + ", which is not a scheduler: use one of "
            + String.join(", ", kinds().stream().map(SchedulerKind::label).toList())
            + " (a registered cluster's environment gives the right value), or unset it",
        Hint.of(Hint.Action.SHOW_ENVIRONMENT),
        null);
  }

  /**
   * The backend to try the product with where no scheduler answers: the first registered one that
   * runs jobs without being detected (the mock, which runs them as local processes).
   */
  public Optional<SchedulerKind> trialBackend() {
    return adapters.stream()
        .filter(a -> !a.detectable() && a.kind().runsJobs())
        .map(SchedulerAdapter::kind)
        .findFirst();
  }

  /** The probes detection tries, in order (never the declared-only ones). */
  public ProbeRegistry detectionProbes(SchedulerContext context) {
    ProbeRegistry probes = new ProbeRegistry();
    adapters.stream()
        .filter(SchedulerAdapter::detectable)
        .forEach(a -> probes.register(a.probe(context), a.describesDevices()));
    return probes;
  }

  /** Every adapter's probe: what reads a registered cluster of any kind. */
  public ProbeRegistry probes(SchedulerContext context) {
    ProbeRegistry probes = new ProbeRegistry();
    adapters.forEach(a -> probes.register(a.probe(context), a.describesDevices()));
    return probes;
  }

  /**
   * The kinds {@code EXAMLOPS_HPC_SCHEDULER} may name: those that run jobs, then the rest, each in
   * the order their kinds were declared (slurm, flux, mock, unmanaged).
   */
  public List<SchedulerKind> kinds() {
    List<SchedulerKind> declared = SchedulerKind.declared();
    return adapters.stream()
        .map(SchedulerAdapter::kind)
        .sorted(
            Comparator.comparing((SchedulerKind k) -> !k.runsJobs())
                .thenComparing(declared::indexOf))
        .toList();
  }
}
