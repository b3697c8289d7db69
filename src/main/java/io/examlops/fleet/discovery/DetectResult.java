package io.examlops.fleet.discovery;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.SchedulerKind;
import java.util.List;
import java.util.Map;

/**
 * What detection found on a host and the configuration it suggests (docs/cli.md, {@code hpc
 * detect}).
 *
 * @param outcome {@code found}, {@code nothing} or {@code not-answering}
 * @param scheduler what answered, or {@code none}
 * @param target where the probe ran
 * @param transport {@code local} or {@code ssh}
 * @param capabilities what the scheduler offers; {@code null} when nothing answered
 * @param gpus GPU device detail
 * @param suggested the configuration to use what was found
 * @param hostKeyFingerprint the host key the host presented ({@code null} locally)
 * @param notes each probe's remarks, in words
 * @param commandsRun how many query commands the detection ran
 * @param probes each probe tried, in order
 */
public record DetectResult(
    String outcome,
    boolean found,
    SchedulerKind scheduler,
    String target,
    String transport,
    ClusterCaps capabilities,
    List<GpuInfo> gpus,
    Suggested suggested,
    String hostKeyFingerprint,
    List<String> notes,
    int commandsRun,
    List<Probe> probes) {

  public static final String FOUND = "found";
  public static final String NOTHING = "nothing";
  public static final String NOT_ANSWERING = "not-answering";

  /**
   * @param scheduler the scheduler to configure ({@code mock} when nothing answered)
   * @param env the {@code EXAMLOPS_HPC_*} variables to set
   * @param clustersYaml the clusters.yaml entry; {@code null} for a host without a scheduler
   * @param exportLines the variables as shell-quoted {@code export} lines
   */
  public record Suggested(
      SchedulerKind scheduler,
      Map<String, String> env,
      String clustersYaml,
      @com.fasterxml.jackson.annotation.JsonIgnore String exportLines) {}

  /**
   * @param status {@code answers}, {@code absent} or {@code not-answering}
   */
  public record Probe(SchedulerKind scheduler, String status, String reason) {}

  /** The probes that are installed but do not answer. */
  public List<Probe> notAnswering() {
    return probes.stream().filter(p -> NOT_ANSWERING.equals(p.status())).toList();
  }
}
