package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.transport.ApiCredential;
import io.examlops.fleet.transport.ApiTarget;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.SshTarget;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param clientKeyFingerprint the SSH client key the host accepted: the key file's, or the
 *     ssh-agent key that signed ({@code null} locally)
 * @param probes what each probe tried found, in detection order
 * @param jumpHostKeys the host keys the jump hosts on the way presented, in connection order
 */
public record Detection(
    SchedulerKind scheduler,
    String target,
    ClusterCaps caps,
    List<NodeInfo> nodes,
    List<GpuInfo> gpus,
    List<String> notes,
    int commandsRun,
    String hostKeyFingerprint,
    String clientKeyFingerprint,
    List<ProbeStatus> probes,
    List<String> jumpHostKeys) {

  /** How detection ended. */
  public enum Outcome {
    /** A scheduler (or a bare GPU host) answers. */
    FOUND,
    /** Nothing is installed: an answer, not a failure. */
    NOTHING,
    /** A scheduler is installed but does not answer (Slurm's controller down, no Flux instance). */
    NOT_ANSWERING;

    /** {@code found}, {@code nothing}, {@code not-answering}. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  public Detection {
    nodes = List.copyOf(nodes);
    gpus = List.copyOf(gpus);
    notes = List.copyOf(notes);
    probes = List.copyOf(probes);
    // null where a jump host presented a certificate, whose key is not known
    jumpHostKeys = Collections.unmodifiableList(new ArrayList<>(jumpHostKeys));
  }

  /**
   * The definition of a cluster named {@code name} of {@code scheduler} where this was detected at
   * {@code endpoint}: this machine, or the SSH target with the host key it presented, reached
   * through its jump hosts with the host keys they presented.
   */
  public ClusterDefinition definition(String name, SchedulerKind scheduler, Endpoint endpoint) {
    if (endpoint.isApi()) {
      ApiTarget api = endpoint.api();
      Map<String, String> settings = new LinkedHashMap<>(api.settings());
      settings.put(ApiSettings.URL.name(), api.label());
      settings.put(
          api.credential().kind() == ApiCredential.Kind.TOKEN
              ? ApiSettings.TOKEN_FILE.name()
              : ApiSettings.SIGNING_KEY.name(),
          api.credential().file().toAbsolutePath().toString());
      return ClusterDefinition.rest(name, scheduler, api.user(), hostKeyFingerprint, settings);
    }
    return endpoint.isLocal()
        ? ClusterDefinition.local(name, scheduler)
        : ClusterDefinition.ssh(
                name,
                scheduler,
                endpoint.ssh().host(),
                endpoint.ssh().user(),
                endpoint.ssh().key() == null
                    ? null
                    : endpoint.ssh().key().toAbsolutePath().toString(),
                endpoint.ssh().port(),
                hostKeyFingerprint)
            .withJumps(jumps(endpoint.ssh().jumps()));
  }

  private List<JumpHost> jumps(List<SshTarget> hops) {
    List<JumpHost> jumps = new ArrayList<>();
    for (int i = 0; i < hops.size(); i++) {
      SshTarget hop = hops.get(i);
      jumps.add(
          new JumpHost(
              hop.user(),
              hop.host(),
              hop.port(),
              hop.key() == null ? null : hop.key().toAbsolutePath().toString(),
              i < jumpHostKeys.size() ? jumpHostKeys.get(i) : null));
    }
    return jumps;
  }

  /**
   * The same detection with the keys its connection met: the host key the target presented, the
   * client key it accepted, and each jump host's host key.
   */
  public Detection withKeys(String hostKey, String clientKey, List<String> jumps) {
    return new Detection(
        scheduler,
        target,
        caps,
        nodes,
        gpus,
        notes,
        commandsRun,
        hostKey,
        clientKey,
        probes,
        jumps);
  }

  public boolean found() {
    return scheduler != SchedulerKind.NONE;
  }

  public Outcome outcome() {
    if (found()) {
      return Outcome.FOUND;
    }
    return probes.stream().anyMatch(p -> p.state() == ProbeStatus.State.NOT_ANSWERING)
        ? Outcome.NOT_ANSWERING
        : Outcome.NOTHING;
  }

  /** The probes that are installed but do not answer, each with its reason. */
  public List<ProbeStatus> notAnswering() {
    return probes.stream().filter(p -> p.state() == ProbeStatus.State.NOT_ANSWERING).toList();
  }
}
