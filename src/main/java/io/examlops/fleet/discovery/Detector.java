package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeRegistry;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.QueryCache;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds which scheduler a host runs by asking each registered probe in turn, and reads what it
 * offers. Read-only: probes run only query commands.
 */
public final class Detector {
  private final ProbeRegistry registry;

  public Detector(ProbeRegistry registry) {
    this.registry = registry;
  }

  /**
   * Probes one host through a runner the caller owns (and closes). A query two probes (or a probe's
   * availability check and its survey) both need runs once.
   */
  public Detection detect(CommandRunner host) {
    CommandRunner runner = new QueryCache(host);
    List<String> notes = new ArrayList<>();
    List<ProbeStatus> statuses = new ArrayList<>();
    for (SchedulerProbe probe : registry.probes()) {
      ProbeStatus status = probe.status(runner);
      statuses.add(status);
      if (!status.answers()) {
        notes.add(status.note());
        continue;
      }
      Survey survey = survey(probe, runner, notes);
      notes.addAll(survey.warnings());
      notes.addAll(probe.otherWaysIn(runner));
      List<GpuInfo> gpus = probe.listGpus(runner);
      if (gpus.isEmpty() && survey.caps().gpus() > 0) {
        gpus = enrich(probe, runner, notes);
      }
      return detected(probe.kind(), runner, survey.caps(), survey.nodes(), gpus, notes, statuses);
    }
    return detected(SchedulerKind.NONE, runner, null, List.of(), List.of(), notes, statuses);
  }

  /** What one pass found; the connection's keys are added after ({@link Detection#withKeys}). */
  private static Detection detected(
      SchedulerKind kind,
      CommandRunner runner,
      ClusterCaps caps,
      List<NodeInfo> nodes,
      List<GpuInfo> gpus,
      List<String> notes,
      List<ProbeStatus> statuses) {
    return new Detection(
        kind,
        runner.target(),
        caps,
        nodes,
        gpus,
        notes,
        runner.commandsRun(),
        null,
        null,
        statuses,
        List.of());
  }

  /** A probe's survey; when it fails, the message keeps what the probes before it found. */
  private static Survey survey(SchedulerProbe probe, CommandRunner runner, List<String> notes) {
    try {
      return probe.survey(runner);
    } catch (ProbeException e) {
      if (notes.isEmpty()) {
        throw e;
      }
      throw new ProbeException(
          probe.kind().label()
              + ": "
              + e.getMessage()
              + " (also tried: "
              + String.join("; ", notes)
              + ")",
          e);
    }
  }

  /**
   * A scheduler that reports only GPU counts (Flux, Slurm GRES) gets device detail from the probe
   * that reads devices (nvidia-smi) when the probed host has it.
   */
  private List<GpuInfo> enrich(SchedulerProbe probe, CommandRunner runner, List<String> notes) {
    Optional<SchedulerProbe> smi = registry.deviceProbe();
    if (smi.isEmpty() || smi.get() == probe) {
      return List.of();
    }
    if (!smi.get().available(runner)) {
      notes.add(
          probe.kind().label()
              + " reports GPU counts only, and the GPU driver's device tool is not available on "
              + runner.target()
              + " for device detail");
      return List.of();
    }
    List<GpuInfo> gpus = smi.get().listGpus(runner);
    notes.add("GPU detail read from the GPU driver's device tool on " + runner.target());
    return gpus;
  }
}
