package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import java.util.List;

/**
 * What detection found on one host.
 *
 * @param scheduler the scheduler that answered, or {@link SchedulerKind#NONE}
 * @param target where the probe ran ({@code local} or {@code user@host:port})
 * @param caps capabilities; {@code null} when nothing answered
 * @param nodes the node inventory (empty when nothing answered)
 * @param gpus GPU device detail, from the scheduler or from nvidia-smi enrichment
 * @param notes plain-language remarks: what was tried, what was missing, what was enriched
 * @param commandsRun how many query commands the probe run took
 * @param hostKeyFingerprint the SSH host key the host presented ({@code null} locally)
 */
public record Detection(
    SchedulerKind scheduler,
    String target,
    ClusterCaps caps,
    List<NodeInfo> nodes,
    List<GpuInfo> gpus,
    List<String> notes,
    int commandsRun,
    String hostKeyFingerprint) {

  public Detection {
    nodes = List.copyOf(nodes);
    gpus = List.copyOf(gpus);
    notes = List.copyOf(notes);
  }

  public Detection withHostKey(String fingerprint) {
    return new Detection(scheduler, target, caps, nodes, gpus, notes, commandsRun, fingerprint);
  }

  public boolean found() {
    return scheduler != SchedulerKind.NONE;
  }
}
