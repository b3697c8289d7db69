package io.examlops.fleet.discovery;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeRegistry;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.QueryCache;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.SshRunner;
import java.time.Clock;
import java.util.List;

/** Read-only discovery of one endpoint: which scheduler, its nodes, its GPUs. */
public final class Discovery {
  private final ProbeRegistry probes;
  private final Clock clock;
  private final HostEndpoints endpoints;

  /**
   * @param probes what detection tries, in order
   * @param endpoints where a request's host target is
   */
  public Discovery(ProbeRegistry probes, Clock clock, HostEndpoints endpoints) {
    this.probes = probes;
    this.clock = clock;
    this.endpoints = endpoints;
  }

  /** Detection by the registered schedulers' probes, in their order, at the settings' hosts. */
  public static Discovery of(Clusters clusters) {
    return new Discovery(
        clusters.adapters().detectionProbes(clusters.context()),
        clusters.clock(),
        HostEndpoints.of(clusters));
  }

  /** Where a request's host target is. */
  public HostEndpoints endpoints() {
    return endpoints;
  }

  public ProbeRegistry probes() {
    return probes;
  }

  /** Detects the scheduler on an endpoint over one connection. */
  public Detection detect(Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      Detection detection = new Detector(probes).detect(runner);
      if (runner.api().isPresent()) {
        // the TLS certificate the API presented is what an approval pins, as a host key over SSH
        return detection.withKeys(
            runner.api().get().presentedCertificate().orElse(null), null, List.of());
      }
      return runner instanceof SshRunner ssh
          ? detection.withKeys(
              ssh.hostKeyFingerprint().orElse(null),
              ssh.clientKeyFingerprint().orElse(null),
              ssh.jumpHostKeyFingerprints())
          : detection;
    }
  }

  /** The node inventory of whichever scheduler answers on the endpoint. */
  public NodeInventory nodes(Endpoint endpoint) {
    try (CommandRunner host = endpoint.open()) {
      CommandRunner runner = new QueryCache(host);
      SchedulerProbe probe = firstAvailable(runner);
      return new NodeInventory(
          probe.kind(), runner.target(), clock.instant(), probe.listNodes(runner));
    }
  }

  /** GPU devices on the endpoint, as the probe that reads devices (nvidia-smi) reports them. */
  public List<GpuInfo> gpus(Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      SchedulerProbe smi =
          probes
              .deviceProbe()
              .orElseThrow(
                  () -> new ProbeException("no registered scheduler adapter reads GPU devices"));
      ProbeStatus status = smi.status(runner);
      if (!status.answers()) {
        throw new ProbeException("no GPUs readable on " + runner.target() + ": " + status.reason());
      }
      return smi.listGpus(runner);
    }
  }

  private SchedulerProbe firstAvailable(CommandRunner runner) {
    List<String> reasons = new java.util.ArrayList<>();
    for (SchedulerProbe probe : probes.probes()) {
      ProbeStatus status = probe.status(runner);
      if (status.answers()) {
        return probe;
      }
      reasons.add(status.note());
    }
    throw new ProbeException(
        "no scheduler answers on " + runner.target() + ": " + String.join("; ", reasons));
  }
}
